import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * The request body as a web stream for React Router, read with backpressure. Unlike
 * `@react-router/node`'s bridge, cancelling it (a form reader refusing a body that is too large
 * or malformed) does not destroy the socket: the rest of the body is discarded and the response
 * is marked `Connection: close`, so the visitor still receives the 400/413 page we decided on
 * before the connection ends (security review L3).
 */
export function requestBodyStream(req: ExpressRequest, res: ExpressResponse): ReadableStream<Uint8Array> {
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
        // Discard what is still coming; the connection closes once the response is sent.
        req.on("error", () => {});
        req.resume();
      },
    },
    new CountQueuingStrategy({ highWaterMark: 8 }),
  );
}
