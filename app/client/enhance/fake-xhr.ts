/** Test double for XMLHttpRequest: records the request; a test plays progress, response or error. */
export class FakeXhr {
  static last: FakeXhr | undefined;
  method = "";
  url = "";
  body: unknown;
  responseURL = "";
  responseText = "";
  private listeners = new Map<string, ((event: unknown) => void)[]>();
  private uploadListeners = new Map<string, ((event: unknown) => void)[]>();
  upload = {
    addEventListener: (type: string, listener: (event: unknown) => void) => add(this.uploadListeners, type, listener),
  };

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: unknown) {
    this.body = body;
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    add(this.listeners, type, listener);
  }

  progress(loaded: number, total: number, lengthComputable = true) {
    for (const listener of this.uploadListeners.get("progress") ?? []) listener({ loaded, total, lengthComputable });
  }
  respond(url: string, html: string) {
    this.responseURL = url;
    this.responseText = html;
    for (const listener of this.listeners.get("load") ?? []) listener({});
  }
  fail() {
    for (const listener of this.listeners.get("error") ?? []) listener({});
  }
}

function add(map: Map<string, ((event: unknown) => void)[]>, type: string, listener: (event: unknown) => void) {
  map.set(type, [...(map.get(type) ?? []), listener]);
}
