import type { IncomingMessage } from "node:http";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

const REFUSED_BODY_LINGER_MS = 5_000;

/**
 * Unlike `@react-router/node`'s bridge, cancelling this does not destroy the socket, so the visitor
 * still receives our 400/413 page (see `closeAfterTheBody`).
 */
export function requestBodyStream(
  req: ExpressRequest,
  res: ExpressResponse,
  { lingerMs = REFUSED_BODY_LINGER_MS }: { lingerMs?: number } = {},
): ReadableStream<Uint8Array> {
  let finished = false;
  const detach = () => {
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
    req.off("close", onClose);
  };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const onData = (chunk: Buffer) => {
    if (finished) return;
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    if (finished) return;
    finished = true;
    detach();
    controller.close();
  };
  const onError = (error: Error) => {
    if (finished) return;
    finished = true;
    detach();
    controller.error(error);
  };
  // A client that goes away mid-body: the reader must fail, never wait forever.
  const onClose = () => {
    if (!finished && !req.complete)
      onError(new Error("The client closed the connection before sending the whole body"));
  };
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.on("data", onData);
        req.on("end", onEnd);
        req.on("error", onError);
        req.on("close", onClose);
      },
      pull() {
        req.resume();
      },
      cancel() {
        finished = true;
        detach();
        if (!res.headersSent) res.setHeader("Connection", "close");
        req.on("error", () => {});
        req.resume();
        closeAfterTheBody(req, lingerMs);
      },
    },
    new CountQueuingStrategy({ highWaterMark: 8 }),
  );
}

/**
 * Node destroys a `Connection: close` socket at once, and unread body bytes make the kernel reset it, so a
 * client still sending loses the answer. Like nginx's lingering close: FIN, discard, close after `lingerMs`.
 */
function closeAfterTheBody(req: IncomingMessage, lingerMs: number) {
  const socket = req.socket;
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    let timer: NodeJS.Timeout | undefined;
    const close = () => {
      clearTimeout(timer);
      if (socket.writableFinished) socket.destroy();
      else socket.once("finish", () => socket.destroy());
    };
    if (req.complete) return close();
    timer = setTimeout(close, lingerMs);
    timer.unref();
    req.once("end", close);
    socket.once("close", () => clearTimeout(timer));
  };
}
