// A loopback HTTP proxy in front of the app for the browser benchmarks. It counts the bytes each
// response puts on the wire (status line, headers and body as sent, compressed or not), can
// record every exchange (for a replay), and can make all responses share one link of a given
// bandwidth, as a class shares a school's uplink.
import http from "node:http";

const now = () => performance.timeOrigin + performance.now(); // ms since the epoch, fractional

/** One link shared by every response: a few times a millisecond it hands out the bytes the
 * bandwidth allows since the last turn, 16 KB per response per round, round-robin from a
 * rotating start so no response is favoured. */
class SharedLink {
  constructor(bitsPerSecond) {
    this.rate = bitsPerSecond / 8 / 1000; // bytes per ms
    this.flows = [];
    this.start = 0;
    this.credit = 0;
    this.last = 0;
    this.timer = null;
  }

  add(flow) {
    this.flows.push(flow);
    if (!this.timer) {
      this.last = performance.now();
      this.timer = setInterval(() => this.turn(), 2);
    }
  }

  turn() {
    const t = performance.now();
    this.credit = Math.min(this.credit + (t - this.last) * this.rate, this.rate * 20); // at most a 20 ms burst
    this.last = t;
    let idle = 0;
    while (this.credit >= 1 && idle < this.flows.length) {
      const f = this.flows[this.start % this.flows.length];
      this.start = (this.start + 1) % this.flows.length;
      const n = f.sendUpTo(Math.min(this.credit, 16384));
      this.credit -= n;
      idle = n ? 0 : idle + 1;
    }
    this.flows = this.flows.filter((f) => !f.done);
    if (!this.flows.length) {
      clearInterval(this.timer);
      this.timer = null;
      this.credit = 0;
    }
  }
}

/** A response's body on its way through the shared link; upstream is paused while much waits. */
class Flow {
  constructor(res, upstream, onEnd) {
    this.res = res;
    this.upstream = upstream;
    this.onEnd = onEnd;
    this.chunks = [];
    this.pending = 0;
    this.ended = false;
    this.done = false;
  }

  push(chunk) {
    this.chunks.push(chunk);
    this.pending += chunk.length;
    if (this.pending > 256 * 1024) this.upstream.pause();
  }

  end() {
    this.ended = true;
    this.finishIfDrained();
  }

  sendUpTo(max) {
    let sent = 0;
    while (sent < max && this.chunks.length) {
      const c = this.chunks[0];
      const n = Math.min(c.length, Math.floor(max - sent));
      if (n <= 0) break;
      this.res.write(n === c.length ? c : c.subarray(0, n));
      if (n === c.length) this.chunks.shift();
      else this.chunks[0] = c.subarray(n);
      sent += n;
    }
    this.pending -= sent;
    if (this.pending < 64 * 1024) this.upstream.resume();
    this.finishIfDrained();
    return sent;
  }

  finishIfDrained() {
    if (this.ended && !this.pending && !this.done) {
      this.done = true;
      this.res.end();
      this.onEnd();
    }
  }
}

/**
 * Start a proxy to `target`. Options: `bitsPerSecond` (share one link of this bandwidth among all
 * responses; unlimited without it), `record` (keep every exchange: method, url, request headers
 * and body, status, coding, bytes on the wire, start and end times in epoch ms).
 * Returns { base, counts (by path: bytes, n, enc, status), exchanges, close() }.
 */
export function startProxy(target, { bitsPerSecond = 0, record = false } = {}) {
  const counts = new Map();
  const exchanges = [];
  const link = bitsPerSecond ? new SharedLink(bitsPerSecond) : null;
  const t = new URL(target);
  // A connection of its own to the app for every request: a kept-alive one may be closed by the
  // app's idle timeout just as it is reused, which a client would see as a lost response.
  const agent = new http.Agent({ keepAlive: false });
  const server = http.createServer((req, res) => {
    const tStart = now();
    const body = [];
    req.on("data", (c) => record && body.push(c));
    const up = http.request({ host: t.hostname, port: t.port, method: req.method, path: req.url, headers: req.headers, agent }, (r) => {
      let bytes = 0;
      const head = Object.entries(r.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 17);
      res.writeHead(r.statusCode, r.headers);
      const finished = () => {
        const path = req.url.split("?")[0];
        const enc = r.headers["content-encoding"] ?? "identity";
        const c = counts.get(path) ?? { bytes: 0, n: 0, enc, status: r.statusCode };
        counts.set(path, { ...c, bytes: c.bytes + bytes + head, n: c.n + 1 });
        if (record) {
          exchanges.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(body),
            status: r.statusCode, enc, bytes: bytes + head, tStart, tEnd: now() });
        }
      };
      if (!link) {
        r.on("data", (c) => { bytes += c.length; res.write(c); });
        r.on("end", () => { res.end(); finished(); });
        return;
      }
      const flow = new Flow(res, r, finished);
      r.on("data", (c) => { bytes += c.length; flow.push(c); });
      r.on("end", () => flow.end());
      link.add(flow);
    });
    up.on("error", () => res.destroy());
    req.pipe(up);
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({
    base: `http://127.0.0.1:${server.address().port}`,
    counts,
    exchanges,
    close: () => { server.closeAllConnections(); server.close(); agent.destroy(); },
  })));
}
