// Child server for the storage benchmark: the built emulator with its blocks in a directory (argv[2]).
import { DirectoryBlockStore, startDevnet } from '../../dist/index.js';

const net = await startDevnet({ port: 0, blockStore: new DirectoryBlockStore(process.argv[2]) });
process.stdout.write(JSON.stringify({ event: 'ready', url: net.url }) + '\n');
process.on('SIGTERM', () => void net.close().then(() => process.exit(0)));
