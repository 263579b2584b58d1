// Pipelined requests of one socket, handled a few at a time and one event-loop turn apart: Node hands over every
// request of a chunk it reads at once, so one socket sending thousands would hold the event loop. The others wait
// in order with the socket paused (TCP holds its client back), each starting on a later turn, after other I/O.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Requests of one socket handled at once; answers go out in order anyway. */
export const MAX_IN_FLIGHT_PER_SOCKET = 4;

interface Line {
  active: number;
  waiting: Array<() => void>;
  /** Whether this guard paused the socket (Node pauses and resumes it for its own reasons too). */
  paused: boolean;
}

export function boundPipelining(listener: RequestListener, max = MAX_IN_FLIGHT_PER_SOCKET): RequestListener {
  const lines = new WeakMap<Socket, Line>();
  return (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    let line = lines.get(socket);
    if (line === undefined) lines.set(socket, (line = { active: 0, waiting: [], paused: false }));
    const own = line;
    const run = (): void => {
      own.active++;
      let done = false;
      const finished = (): void => {
        if (done) return;
        done = true;
        own.active--;
        // A closed socket's waiting requests are never answered: they are not handled either.
        if (socket.destroyed) own.waiting.length = 0;
        const next = own.waiting.shift();
        if (next !== undefined) setImmediate(next);
        else if (own.paused) {
          own.paused = false;
          socket.resume();
        }
      };
      res.once('finish', finished);
      res.once('close', finished);
      listener(req, res);
    };
    if (own.active < max && own.waiting.length === 0) return run();
    own.waiting.push(run);
    if (!own.paused) {
      own.paused = true;
      socket.pause();
    }
  };
}
