// Part of npm run bench (BENCH_ONLY=media): the media library (decision 046-media-library).
// (a) A 12-megapixel JPEG (4000 × 3000, a noisy photo-like picture with GPS in its EXIF) uploaded
//     BENCH_MEDIA_UPLOADS times (default 12) one after another: checked, stripped, re-encoded, a
//     thumbnail made and stored; p50 / p99 per upload and the server's peak RSS.
// (b) A post with 4 such images published to a local Bluesky PDS (@atproto/dev-env) by Post now,
//     BENCH_MEDIA_POSTS times (default 5): each image fitted to 1,000,000 bytes and uploaded as a
//     blob, then the post; time per post.
import { createRequire } from 'node:module';
import path from 'node:path';

// The server's own sharp (the root's may be another version, a dependency of the test tools).
const sharp = createRequire(path.join(import.meta.dirname, '../apps/server/package.json'))('sharp');

const UPLOADS = Number(process.env.BENCH_MEDIA_UPLOADS ?? 12);
const POSTS = Number(process.env.BENCH_MEDIA_POSTS ?? 5);

/** A photo-like 12 MP JPEG: smooth gradients with grain (a flat picture would compress to nothing). */
export async function twelveMegapixelJpeg() {
  const width = 4000;
  const height = 3000;
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .raw()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a6ea5"/><stop offset="1" stop-color="#f4a261"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .composite([{ input: gradient, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .withExifMerge({ IFD0: { Make: 'BenchCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const peakRssMb = (readFileSync, pid) =>
  Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

/** Runs both cases against a server started by `startServer(env)`; answers the rows to print. */
export async function benchMedia({ startServer, stop, signIn, base, dataDir, readFileSync }) {
  const rows = [];
  const photo = await twelveMegapixelJpeg();
  const { TestNetworkNoAppView } = await import('@atproto/dev-env');
  const network = await TestNetworkNoAppView.create({});
  let server;
  try {
    server = await startServer(dataDir, {
      BLUESKY_SERVICE: network.pds.url,
      BLUESKY_HANDLE_RESOLVER: network.pds.url,
      BLUESKY_PLC_URL: network.plc.url,
      BLUESKY_ALLOW_PRIVATE: 'true',
      METRICS_SYNC_MINUTES: '0',
      AUTH_RATE_LIMIT: '1000',
    });
    const cookie = await signIn('media@bench.test');
    const api = async (pathname, init = {}) => {
      const response = await fetch(`${base}${pathname}`, {
        ...init,
        headers: { cookie, origin: base, ...(init.json ? { 'content-type': 'application/json' } : {}) },
        body: init.json ? JSON.stringify(init.json) : init.body,
      });
      if (!response.ok)
        throw new Error(`${init.method ?? 'GET'} ${pathname}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? null : response.json();
    };
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      return api('/api/media', { method: 'POST', body: form });
    };

    // (a) Uploads, one after another.
    const times = [];
    const items = [];
    for (let i = 0; i < UPLOADS; i++) {
      const t = performance.now();
      items.push(await upload());
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    rows.push(
      [
        `media (a) 12 MP JPEG upload (${(photo.length / 1024 / 1024).toFixed(1)} MB) p50 / p99 (ms), ${UPLOADS} uploads`,
        `${pct(times, 50).toFixed(0)} / ${pct(times, 99).toFixed(0)}`,
      ],
      ['media (a) stored master, metadata stripped, re-encoded (KB)', Math.round((items[0]?.bytes ?? 0) / 1024)],
      ['media (a) server peak RSS (MB)', peakRssMb(readFileSync, server.child.pid)],
    );

    // (b) Post now with 4 images to the local PDS.
    const persona = await api('/api/personas', { method: 'POST', json: { name: 'Bench pictures' } });
    const { AtpAgent } = await import('@atproto/api');
    const agent = new AtpAgent({ service: network.pds.url });
    const handle = `pics${Date.now().toString(36).slice(-5)}.test`;
    await agent.createAccount({ email: `${handle}@bench.test`, handle, password: 'bench-password' });
    const appPassword = (await agent.com.atproto.server.createAppPassword({ name: 'plume' })).data.password;
    await api(`/api/personas/${persona.id}/accounts/bluesky/app-password`, {
      method: 'POST',
      json: { handle, appPassword },
    });
    const media = items.slice(0, 4).map((item, n) => ({ id: item.id, alt: `Photo ${n + 1}` }));
    const postTimes = [];
    for (let i = 0; i < POSTS; i++) {
      const text = `Four photos, take ${i + 1}`;
      const t = performance.now();
      const answer = await api(`/api/personas/${persona.id}/post`, {
        method: 'POST',
        json: { platform: 'bluesky', content: text, parts: [{ text, media }] },
      });
      postTimes.push(performance.now() - t);
      if (answer.results[0]?.status !== 'posted') throw new Error(`not posted: ${JSON.stringify(answer)}`);
    }
    postTimes.sort((a, b) => a - b);
    rows.push(
      [
        `media (b) post with 4 images to the local PDS, p50 / max (ms), ${POSTS} posts`,
        `${pct(postTimes, 50).toFixed(0)} / ${postTimes.at(-1).toFixed(0)}`,
      ],
      ['media (b) server peak RSS (MB)', peakRssMb(readFileSync, server.child.pid)],
    );
  } finally {
    if (server) await stop(server.child);
    await network.close();
  }
  return rows;
}
