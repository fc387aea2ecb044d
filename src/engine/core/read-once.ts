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

/** The body and request methods the engine's readers use, answered from the one read. */
export class ReadOnceRequest extends Request {
  readonly #source: Request;
  readonly #read: Read;

  constructor(source: Request, shared: Read = {}) {
    // No body and no signal of its own: both are the source's, read only when asked for.
    super(source.url, { method: source.method, headers: source.headers });
    this.#source = source;
    this.#read = shared;
  }

  /** The body's bytes, read from the source the first time any reader asks. */
  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
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

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).slice().buffer;
  }

  override async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  override async blob(): Promise<Blob> {
    return new Blob([await this.bytes()], { type: this.headers.get('content-type') ?? '' });
  }

  override async formData(): Promise<FormData> {
    return new Response(await this.bytes(), { headers: this.headers }).formData();
  }

  /** Another request over the same read (a product run again reads the same bytes). */
  override clone(): ReadOnceRequest {
    return new ReadOnceRequest(this.#source, this.#read);
  }

  /** The source's own signal (a drill watches it for a client that gives up). */
  sourceSignal(): AbortSignal {
    return this.#source.signal;
  }

  /** A stream of the bytes, for a reader that wants one. */
  bodyStream(): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        controller.enqueue(await this.bytes());
        controller.close();
      },
    });
  }
}

// `body`, `bodyUsed` and `signal` are properties of Request in the DOM typings (an accessor may not
// override one in a subclass), so they are defined on the prototype: the body is the one read, never
// used up, and the signal is the source's.
Object.defineProperties(ReadOnceRequest.prototype, {
  body: {
    get(this: ReadOnceRequest) {
      return this.bodyStream();
    },
  },
  bodyUsed: { get: () => false },
  signal: {
    get(this: ReadOnceRequest) {
      return this.sourceSignal();
    },
  },
});
