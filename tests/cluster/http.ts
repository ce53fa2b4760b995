import http from "node:http";
import https from "node:https";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string };

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  /** A form (URL-encoded) or raw bytes. */
  form?: Record<string, string>;
  body?: Buffer;
  /** Loopback address to send from (127.0.0.2, …): a client with another address. */
  localAddress?: string;
  agent?: http.Agent | false;
  timeoutMs?: number;
};

/**
 * One request, answered in full; never throws for a refused or dropped connection (status 0),
 * so a load loop can count every outcome. `https:` URLs accept the test's self-signed certificate.
 * Like a browser, a request sent on a reused keep-alive connection that the server closed before
 * answering anything is sent once more, on a new connection (Node's documented pattern): nginx,
 * when it reloads, closes its idle client connections, and the request never reached it.
 */
export async function send(url: string, options: RequestOptions = {}): Promise<Answer> {
  const first = await sendOnce(url, options);
  // On a new connection of its own: the pool's other idle connections may be closing too.
  return first.retryable ? (await sendOnce(url, { ...options, agent: false })).answer : first.answer;
}

const failure = (text: string): Answer => ({ status: 0, headers: {}, body: Buffer.alloc(0), text });

function sendOnce(url: string, options: RequestOptions): Promise<{ answer: Answer; retryable: boolean }> {
  const target = new URL(url);
  const body = options.form ? Buffer.from(new URLSearchParams(options.form).toString()) : options.body;
  const headers: Record<string, string | number> = { ...options.headers };
  if (options.form) headers["Content-Type"] = "application/x-www-form-urlencoded";
  if (body) headers["Content-Length"] = body.length;
  const secure = target.protocol === "https:";
  const module = secure ? https : http;
  return new Promise((resolve) => {
    const request = module.request(
      {
        host: target.hostname === "localhost" ? "127.0.0.1" : target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? (body ? "POST" : "GET"),
        headers: { Host: target.host, ...headers },
        localAddress: options.localAddress,
        agent: options.agent ?? false,
        ...(secure ? { rejectUnauthorized: false, servername: target.hostname } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const all = Buffer.concat(chunks);
          const answer = {
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: all,
            text: all.toString("utf8"),
          };
          resolve({ answer, retryable: false });
        });
        response.on("error", () => resolve({ answer: failure("response cut off"), retryable: false }));
      },
    );
    request.setTimeout(options.timeoutMs ?? 30_000, () => request.destroy(new Error("timeout")));
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ answer: failure(error.message), retryable: request.reusedSocket && error.code === "ECONNRESET" }),
    );
    request.end(body);
  });
}

/**
 * A request straight to one instance, as nginx would pass it on (the public Host, the client's
 * address in X-Forwarded-For, https in X-Forwarded-Proto): how a test reaches a chosen instance.
 */
export function sendToInstance(
  port: number,
  site: string,
  path: string,
  options: RequestOptions & { clientAddress?: string } = {},
): Promise<Answer> {
  const { host } = new URL(site);
  return send(`http://127.0.0.1:${port}${path}`, {
    ...options,
    headers: {
      Host: host,
      "X-Forwarded-For": options.clientAddress ?? "127.0.0.1",
      "X-Forwarded-Proto": "https",
      ...options.headers,
    },
  });
}
