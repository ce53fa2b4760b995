import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import Busboy from "busboy";

export type UploadedFile = { fieldName: string; name: string; type: string; data: Buffer; truncated: boolean };
export type ParsedUpload = { fields: Record<string, string>; file: UploadedFile | null };

export class UploadTooLargeError extends Error {}

/**
 * Streams a multipart body with hard limits: one file of at most `maxFileBytes` (a longer one
 * is marked truncated and its excess discarded, never buffered), a few small text fields.
 */
export async function parseMultipart(
  request: Request,
  limits: { maxFileBytes: number; maxFieldBytes: number; maxFields: number; maxTotalBytes: number },
): Promise<ParsedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data") || !request.body) {
    throw new Error("Expected a multipart/form-data body");
  }
  const busboy = Busboy({
    headers: { "content-type": contentType },
    // Keep the name as sent: a name with "../" or a slash must be refused, not silently trimmed.
    preservePath: true,
    limits: {
      files: 1,
      fileSize: limits.maxFileBytes,
      fields: limits.maxFields,
      fieldSize: limits.maxFieldBytes,
      parts: limits.maxFields + 1,
    },
  });
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  const done = new Promise<ParsedUpload>((resolve, reject) => {
    busboy.on("field", (name, value) => {
      if (!(name in fields)) fields[name] = value;
    });
    busboy.on("file", (fieldName, stream, info) => {
      if (file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      const entry: UploadedFile = {
        fieldName,
        name: info.filename ?? "",
        type: info.mimeType ?? "",
        data: Buffer.alloc(0),
        truncated: false,
      };
      file = entry;
      stream.on("error", () => {}); // reported through busboy's own error
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        entry.truncated = true;
      });
      stream.on("end", () => {
        entry.data = Buffer.concat(chunks);
      });
    });
    busboy.on("error", reject);
    busboy.on("close", () => resolve({ fields, file }));
  });
  // A body without Content-Length is counted as it streams and cut off past the limit. A client
  // that disconnects mid-upload makes the source fail: that must reject this parse, never go
  // unhandled (an unhandled stream error would take the whole server down).
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream);
  let total = 0;
  source.on("data", (chunk: Buffer) => {
    total += chunk.length;
    if (total > limits.maxTotalBytes) source.destroy(new UploadTooLargeError("Upload too large"));
  });
  pipeline(source, busboy).catch((error: unknown) => {
    if (!busboy.destroyed) busboy.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return done;
}
