/**
 * A request whose body is read at most once, by whoever reads it first, and kept for every later
 * reader: the product, a run again after loading kinds, a drill's classification and the journal
 * (issue 22 § Also). Before, each of those had its own copy: a counting stream and a new request to
 * bound the size, a clone (two more streams) for the journal, and on the Node host the incoming
 * message turned into a web stream; those streams were a fifth of a POST's time there.
 *
 * It is used only where a body's size is known before it is read (a declared Content-Length within
 * the limit, which an HTTP transport holds the body to): a chunked body still goes through the
 * counting stream of `limits.ts`. The body is not read up front: a service that refuses first (401
 * before it reads) answers at once, and only the journal reads the body afterwards, as before.
 */

/** The one read of a body, shared by a request and its clones. */
interface Read {
  bytes?: Promise<Uint8Array<ArrayBuffer>>;
  size?: number;
}

/**
 * The body and request methods the engine's readers use, answered from the one read. It is shaped
 * as a Request without being one: constructing a Fetch Request parses the URL again, copies every
 * header and makes an abort signal, a fifth of a millisecond of each POST on the Node host (issue
 * 22 § Also), for fields nothing reads. Nothing passes it where a real Request is required (as the
 * input of `new Request` or `fetch`); the properties below are all a reader can ask for.
 */
export class ReadOnceRequest implements Request {
  readonly #source: Request;
  readonly #read: Read;
  readonly url: string;
  readonly method: string;
  readonly cache: RequestCache = 'default';
  readonly credentials: RequestCredentials = 'same-origin';
  readonly destination: RequestDestination = '';
  readonly integrity: string = '';
  readonly keepalive: boolean = false;
  readonly mode: RequestMode = 'cors';
  readonly redirect: RequestRedirect = 'follow';
  readonly referrer: string = 'about:client';
  readonly referrerPolicy: ReferrerPolicy = '';
  readonly bodyUsed = false;

  constructor(source: Request, shared: Read = {}) {
    this.#source = source;
    this.#read = shared;
    this.url = source.url;
    this.method = source.method;
  }

  /** The source's own headers (an incoming request's, which nothing changes). */
  get headers(): Headers {
    return this.#source.headers;
  }

  /** The source's own signal (a drill watches it for a client that gives up). */
  get signal(): AbortSignal {
    return this.#source.signal;
  }

  /** A stream of the body, never used up: each reader gets the one read's bytes. */
  get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull: async (controller) => {
        controller.enqueue(await this.bytes());
        controller.close();
      },
    });
  }

  /** The body's bytes, read from the source the first time any reader asks. */
  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    this.#read.bytes ??= this.#source.arrayBuffer().then((b) => {
      this.#read.size = b.byteLength;
      return new Uint8Array(b);
    });
    return this.#read.bytes;
  }

  /** How many bytes the body had, once read (undefined before). */
  size(): number | undefined {
    return this.#read.size;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).slice().buffer;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.bytes()], { type: this.headers.get('content-type') ?? '' });
  }

  async formData(): Promise<FormData> {
    return new Response(await this.bytes(), { headers: this.headers }).formData();
  }

  /** Another request over the same read (a product run again reads the same bytes). */
  clone(): ReadOnceRequest {
    return new ReadOnceRequest(this.#source, this.#read);
  }
}
