#!/usr/bin/env node
// The bin: turns on Node's compile cache, then loads the CLI (cli/main.ts). With the cache (Node 22.1 and
// later; Node 20 has none and starts as before) a start reads the V8 code of the bundle it compiled on an
// earlier start instead of compiling it again: on Node 22, spawn to ready line in 252 ms instead of 293
// (medians of 25 interleaved starts, docs/benchmarks.md). The cache sits where Node puts it (the
// NODE_COMPILE_CACHE directory, else node-compile-cache under the system's temp directory), keyed by the
// file's content, so a rebuilt or upgraded emulator never reads stale code; NODE_DISABLE_COMPILE_CACHE=1
// turns it off, and where it cannot be written the start goes on without it.
import module from 'node:module';

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./cli/main.js');
