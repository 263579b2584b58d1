// vitest setupFiles module: records every exchange an emulator app answers in this test file.
//
// Why a module mock and not a patch of Hono.prototype.fetch: hono defines `fetch` as a class field
// (an arrow function assigned in the constructor), so there is nothing on the prototype to wrap,
// and ES module bindings cannot be reassigned from outside. Mocking 'hono' with a subclass whose
// constructor wraps `this.fetch` reaches every `new Hono()` in src/ (vitest transforms src/, so
// its `import { Hono } from 'hono'` goes through the mock). The instance's own `fetch` is what
// createDevnet() calls and what startDevnet() hands to @hono/node-server, so both paths are
// recorded in this process. Child processes (the built CLI in e2e tests) are not.
import { afterAll, vi } from 'vitest';
import type { RecordableApp } from './recorder.js';
import { flushRecording } from './recording-session.js';

vi.mock('hono', async (importOriginal) => {
  const hono = await importOriginal<typeof import('hono')>();
  const { recordApp } = await import('./recording-session.js');
  class RecordedHono extends hono.Hono {
    constructor(...args: ConstructorParameters<typeof hono.Hono>) {
      super(...args);
      recordApp(this as unknown as RecordableApp);
    }
  }
  return { ...hono, Hono: RecordedHono };
});

afterAll(async () => {
  await flushRecording();
});
