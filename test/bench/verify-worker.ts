// Worker-thread side of the crypto benchmark's pool measurement: verifies batches of signatures and posts the answers.
import { parentPort } from 'node:worker_threads';
import { verifyStarkSignature } from '../../src/crypto/verify.js';

export type VerifyJob = { id: number; items: Array<readonly [bigint, bigint, bigint, bigint]> };
export type VerifyAnswer = { id: number; results: boolean[] };

parentPort?.on('message', (job: VerifyJob) => {
  const results = job.items.map(([hash, r, s, key]) => verifyStarkSignature(hash, r, s, key));
  parentPort!.postMessage({ id: job.id, results } satisfies VerifyAnswer);
});
