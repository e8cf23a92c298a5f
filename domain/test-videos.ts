/**
 * Minimal container files for tests, byte for byte as their specifications lay them out (header and
 * index parts; sample data is filler). Used by the video probe's unit tests and the unreachable endpoint.
 */

function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
const text = (s: string) => [...s].map((c) => c.charCodeAt(0));
const u32be = (v: number) => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
const u32le = (v: number) => [v & 255, (v >>> 8) & 255, (v >>> 16) & 255, (v >>> 24) & 255];
const u64be = (v: number) => [...u32be(Math.floor(v / 2 ** 32)), ...u32be(v >>> 0)];
const u64le = (v: number) => [...u32le(v >>> 0), ...u32le(Math.floor(v / 2 ** 32))];

function box(type: string, ...payload: (Uint8Array | number[])[]): Uint8Array {
  const body = concat(...payload);
  return concat(u32be(8 + body.length), text(type), body);
}

export function isoBmff(o: {
  brand: string;
  timescale: number;
  duration: number;
  version?: 0 | 1;
  moovLast?: boolean;
  noTrack?: boolean;
}): Uint8Array {
  const mvhd =
    o.version === 1
      ? box("mvhd", [1, 0, 0, 0], u64be(0), u64be(0), u32be(o.timescale), u64be(o.duration), new Array(80).fill(0))
      : box("mvhd", [0, 0, 0, 0], u32be(0), u32be(0), u32be(o.timescale), u32be(o.duration), new Array(80).fill(0));
  const trak = box("trak", box("tkhd", new Array(84).fill(0)));
  const moov = o.noTrack ? box("moov", mvhd) : box("moov", mvhd, trak);
  const ftyp = box("ftyp", text(o.brand), u32be(0), text(o.brand));
  const mdat = box("mdat", new Array(256).fill(7));
  return o.moovLast ? concat(ftyp, mdat, moov) : concat(ftyp, moov, mdat);
}

function ebmlSize(n: number): number[] {
  return [0x01, ...u64be(n).slice(1)]; // 8-byte size vint
}
function el(id: number[], ...payload: (Uint8Array | number[])[]): Uint8Array {
  const body = concat(...payload);
  return concat(id, ebmlSize(body.length), body);
}
const f64 = (v: number) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, v);
  return b;
};

export function matroska(o: {
  docType: "webm" | "matroska";
  durationMs: number | null;
  clusters?: number[];
  noTracks?: boolean;
}): Uint8Array {
  const header = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x86], [1]), el([0x42, 0x82], text(o.docType)));
  const info = el(
    [0x15, 0x49, 0xa9, 0x66],
    el([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]), // TimecodeScale 1,000,000 ns
    ...(o.durationMs === null ? [] : [el([0x44, 0x89], f64(o.durationMs))]),
  );
  const tracks = el([0x16, 0x54, 0xae, 0x6b], el([0xae], el([0xd7], [1])));
  // Clusters of a live recording: unknown size (0x01FFFFFFFFFFFFFF), timecode, blocks at +0 and +960 ms.
  const clusters = (o.clusters ?? []).map((tc) =>
    concat(
      [0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
      el([0xe7], u32be(tc)),
      el([0xa3], [0x81, 0, 0, 0x80, 1, 2, 3]),
      el([0xa3], [0x81, 0x03, 0xc0, 0x80, 1, 2, 3]),
    ),
  );
  const segment = concat(
    [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    info,
    ...(o.noTracks ? [] : [tracks]),
    ...clusters,
  );
  return concat(header, segment);
}

function chunk(id: string, payload: Uint8Array | number[]): Uint8Array {
  const pad = payload.length % 2 ? [0] : [];
  return concat(text(id), u32le(payload.length), payload, pad);
}

export function avi(o: { usPerFrame: number; frames: number; streams?: number }): Uint8Array {
  const avih = chunk(
    "avih",
    concat(
      u32le(o.usPerFrame),
      u32le(0),
      u32le(0),
      u32le(0x10),
      u32le(o.frames),
      u32le(0),
      u32le(o.streams ?? 1),
      new Array(36).fill(0),
    ),
  );
  const hdrl = concat(text("LIST"), u32le(4 + avih.length), text("hdrl"), avih);
  const movi = concat(text("LIST"), u32le(12), text("movi"), chunk("00dc", [1, 2, 3, 4]));
  const body = concat(text("AVI "), hdrl, movi);
  return concat(text("RIFF"), u32le(body.length), body);
}

const GUID = {
  header: [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c],
  file: [0xa1, 0xdc, 0xab, 0x8c, 0x47, 0xa9, 0xcf, 0x11, 0x8e, 0xe4, 0x00, 0xc0, 0x0c, 0x20, 0x53, 0x65],
  stream: [0x91, 0x07, 0xdc, 0xb7, 0xb7, 0xa9, 0xcf, 0x11, 0x8e, 0xe6, 0x00, 0xc0, 0x0c, 0x20, 0x53, 0x65],
};

export function asf(o: { play100ns: number; prerollMs: number; noStream?: boolean }): Uint8Array {
  const fileData = concat(
    new Array(16).fill(1), // file id
    u64le(4096), // file size
    u64le(0), // creation date
    u64le(10), // data packets
    u64le(o.play100ns),
    u64le(o.play100ns), // send duration
    u64le(o.prerollMs),
    u32le(2), // flags
    u32le(3200),
    u32le(3200),
    u32le(1_000_000),
  );
  const file = concat(GUID.file, u64le(24 + fileData.length), fileData);
  const streamData = new Array(54).fill(0);
  const stream = concat(GUID.stream, u64le(24 + streamData.length), streamData);
  const objects = o.noStream ? [file] : [file, stream];
  const size = 30 + objects.reduce((n, x) => n + x.length, 0);
  return concat(GUID.header, u64le(size), u32le(objects.length), [1, 2], ...objects, new Array(64).fill(0));
}
