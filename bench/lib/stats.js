'use strict';
/** Small helpers shared by the bench's modules. */
const net = require('node:net');
const http = require('node:http');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (v, d = 1) => (v == null || Number.isNaN(v) ? null : Math.round(v * 10 ** d) / 10 ** d);
/** The machine-wide monotonic clock (CLOCK_MONOTONIC), shared by publisher and receiver. */
const now = () => Number(process.hrtime.bigint()) / 1e6;

function percentiles(values) {
  const s = Float64Array.from(values).sort();
  const p = (q) => (s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((q / 100) * s.length) - 1))] : null);
  return { p50: round(p(50)), p90: round(p(90)), p99: round(p(99)), max: round(s.length ? s[s.length - 1] : null) };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function httpGet(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 3000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

module.exports = { sleep, round, now, percentiles, freePort, httpGet };
