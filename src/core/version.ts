// The emulator's version, reported by the ready line and /_devnet/health (a test keeps it equal to package.json).
export const VERSION = '0.2.0';
