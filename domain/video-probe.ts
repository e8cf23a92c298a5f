/**
 * Proves an uploaded video is a real file of one of the allowed containers (docs/product.md section 5: MP4, MOV, AVI,
 * WMV, MKV, WEBM) and reads its duration from the container's own header, never from the file name
 * (docs/decisions/062-customer-unreachable.md). Answers null when the bytes are not a complete, parsable
 * container with at least one track and a duration.
 *
 * - MP4 / MOV (ISO base media): a `moov` box holding `mvhd` (timescale, duration) and at least one `trak`.
 * - WEBM / MKV (Matroska): EBML header with DocType, Segment > Info (TimecodeScale, Duration) and Tracks;
 *   browser recordings (MediaRecorder) often omit Duration, so then the last Cluster's timecode plus its
 *   last block's offset is the duration.
 * - AVI: RIFF "AVI " > LIST hdrl > avih (microseconds per frame x total frames).
 * - WMV (ASF): the Header Object's File Properties Object (play duration in 100 ns minus preroll).
 */

export type VideoContainer = "mp4" | "mov" | "webm" | "mkv" | "avi" | "wmv";

export interface VideoProbe {
  container: VideoContainer;
  contentType: string;
  durationMs: number;
}

export const MAX_UNREACHABLE_VIDEO_MS = 60_000;

const CONTENT_TYPES: Record<VideoContainer, string> = {
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  mkv: "video/x-matroska",
  avi: "video/x-msvideo",
  wmv: "video/x-ms-wmv",
};

export function probeVideo(bytes: Uint8Array): VideoProbe | null {
  try {
    const found = probeIsoBmff(bytes) ?? probeMatroska(bytes) ?? probeAvi(bytes) ?? probeAsf(bytes);
    if (!found || !Number.isFinite(found.durationMs) || found.durationMs <= 0) return null;
    return { ...found, durationMs: Math.round(found.durationMs), contentType: CONTENT_TYPES[found.container] };
  } catch {
    return null; // truncated or corrupt: reading past the end throws
  }
}

function view(b: Uint8Array) {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}
function ascii(b: Uint8Array, at: number, len: number): string {
  if (at + len > b.length) throw new RangeError("short");
  return String.fromCharCode(...b.subarray(at, at + len));
}

// --- MP4 / MOV -----------------------------------------------------------------------------------------

interface Box {
  type: string;
  start: number; // first byte of the payload
  end: number;
}

function boxes(b: Uint8Array, from: number, to: number): Box[] {
  const dv = view(b);
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = dv.getUint32(at);
    const type = ascii(b, at + 4, 4);
    let header = 8;
    if (size === 1) {
      size = Number(dv.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) throw new RangeError("box past end");
    out.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return out;
}

const MP4_TOP = new Set(["ftyp", "moov", "mdat", "free", "skip", "wide", "uuid", "pdin", "meta", "moof", "mfra"]);

function probeIsoBmff(b: Uint8Array): Omit<VideoProbe, "contentType"> | null {
  if (b.length < 16 || !MP4_TOP.has(ascii(b, 4, 4))) return null;
  const top = boxes(b, 0, b.length);
  if (!top.every((x) => MP4_TOP.has(x.type) || /^[a-z0-9 ]{4}$/i.test(x.type))) return null;
  const ftyp = top.find((x) => x.type === "ftyp");
  const brand = ftyp ? ascii(b, ftyp.start, 4) : "qt  ";
  const moov = top.find((x) => x.type === "moov");
  if (!moov) return null;
  const inner = boxes(b, moov.start, moov.end);
  const mvhd = inner.find((x) => x.type === "mvhd");
  if (!mvhd || !inner.some((x) => x.type === "trak")) return null;
  const dv = view(b);
  const version = b[mvhd.start]!;
  const timescale = version === 1 ? dv.getUint32(mvhd.start + 20) : dv.getUint32(mvhd.start + 12);
  const duration = version === 1 ? Number(dv.getBigUint64(mvhd.start + 24)) : dv.getUint32(mvhd.start + 16);
  if (timescale === 0) return null;
  return { container: brand === "qt  " ? "mov" : "mp4", durationMs: (duration * 1000) / timescale };
}

// --- WEBM / MKV ----------------------------------------------------------------------------------------

const EBML = 0x1a45dfa3;
const DOCTYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const SEGMENT_CHILDREN = new Set([
  0x114d9b74,
  INFO,
  TRACKS,
  CLUSTER,
  0x1c53bb6b,
  0x1043a770,
  0x1941a469,
  0x1254c367,
  0xec,
]);

interface Element {
  id: number;
  start: number;
  /** Exclusive end; null when the size is "unknown" (live recordings). */
  end: number | null;
}

function readVint(b: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = b[at];
  if (first === undefined || first === 0) throw new RangeError("bad vint");
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length += 1;
  if (at + length > b.length) throw new RangeError("short vint");
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[at + i]!;
    if (b[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readElement(b: Uint8Array, at: number): Element & { next: number } {
  const id = readVint(b, at, true);
  const size = readVint(b, at + id.length, false);
  const start = at + id.length + size.length;
  const end = size.unknown ? null : start + size.value;
  if (end !== null && end > b.length) throw new RangeError("element past end");
  return { id: id.value, start, end, next: end ?? start };
}

function uint(b: Uint8Array, e: Element): number {
  let v = 0;
  for (let i = e.start; i < e.end!; i++) v = v * 256 + b[i]!;
  return v;
}

function children(b: Uint8Array, parent: Element, stopAt?: (id: number) => boolean): Element[] {
  const out: Element[] = [];
  const to = parent.end ?? b.length;
  let at = parent.start;
  while (at < to) {
    const e = readElement(b, at);
    if (stopAt?.(e.id)) break;
    out.push(e);
    if (e.end === null) {
      // An unknown-size child (a live Cluster) runs until the next element of its parent's level.
      at = e.start;
      break;
    }
    at = e.end;
  }
  return out;
}

function probeMatroska(b: Uint8Array): Omit<VideoProbe, "contentType"> | null {
  if (b.length < 8 || view(b).getUint32(0) !== EBML) return null;
  const header = readElement(b, 0);
  const docType = children(b, header).find((e) => e.id === DOCTYPE);
  if (!docType) return null;
  const type = ascii(b, docType.start, docType.end! - docType.start).replace(/\0+$/, "");
  if (type !== "webm" && type !== "matroska") return null;
  const segment = readElement(b, header.next);
  if (segment.id !== SEGMENT) return null;
  const top = segmentChildren(b, segment);
  const info = top.find((e) => e.id === INFO);
  if (!info || !top.some((e) => e.id === TRACKS)) return null;
  const fields = children(b, info);
  const scaleEl = fields.find((e) => e.id === TIMECODE_SCALE);
  const scaleNs = scaleEl ? uint(b, scaleEl) : 1_000_000;
  const durationEl = fields.find((e) => e.id === DURATION);
  let ticks: number | null = null;
  if (durationEl) {
    const len = durationEl.end! - durationEl.start;
    ticks = len === 4 ? view(b).getFloat32(durationEl.start) : len === 8 ? view(b).getFloat64(durationEl.start) : null;
  }
  if (ticks === null || ticks <= 0) ticks = lastBlockTicks(b, top);
  if (ticks === null) return null;
  return { container: type === "webm" ? "webm" : "mkv", durationMs: (ticks * scaleNs) / 1_000_000 };
}

/** The Segment's children, walking into unknown-size Clusters as MediaRecorder writes them. */
function segmentChildren(b: Uint8Array, segment: Element): Element[] {
  const out: Element[] = [];
  const to = segment.end ?? b.length;
  let at = segment.start;
  while (at < to) {
    const e = readElement(b, at);
    if (e.end !== null) {
      out.push(e);
      at = e.end;
      continue;
    }
    // Unknown size: its children follow until the next Segment-level element.
    let inner = e.start;
    while (inner < to) {
      const peek = readElement(b, inner);
      if (SEGMENT_CHILDREN.has(peek.id)) break;
      inner = peek.end ?? to;
    }
    out.push({ id: e.id, start: e.start, end: inner });
    at = inner;
  }
  return out;
}

function lastBlockTicks(b: Uint8Array, top: Element[]): number | null {
  let last: number | null = null;
  for (const cluster of top.filter((e) => e.id === CLUSTER)) {
    let base = 0;
    let offset = 0;
    for (const e of children(b, cluster)) {
      if (e.id === CLUSTER_TIMECODE) base = uint(b, e);
      const block =
        e.id === SIMPLE_BLOCK ? e : e.id === BLOCK_GROUP ? children(b, e).find((x) => x.id === BLOCK) : undefined;
      if (block) {
        const track = readVint(b, block.start, false);
        offset = Math.max(offset, view(b).getInt16(block.start + track.length));
      }
    }
    last = Math.max(last ?? 0, base + offset);
  }
  return last;
}

// --- AVI -----------------------------------------------------------------------------------------------

function probeAvi(b: Uint8Array): Omit<VideoProbe, "contentType"> | null {
  if (b.length < 12 || ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 4) !== "AVI ") return null;
  const dv = view(b);
  let at = 12;
  while (at + 8 <= b.length) {
    const id = ascii(b, at, 4);
    const size = dv.getUint32(at + 4, true);
    if (id === "LIST" && ascii(b, at + 8, 4) === "hdrl") {
      const avih = at + 12;
      if (ascii(b, avih, 4) !== "avih") return null;
      const data = avih + 8;
      const usPerFrame = dv.getUint32(data, true);
      const frames = dv.getUint32(data + 16, true);
      const streams = dv.getUint32(data + 24, true);
      if (streams === 0) return null;
      return { container: "avi", durationMs: (usPerFrame * frames) / 1000 };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

// --- WMV (ASF) -----------------------------------------------------------------------------------------

const ASF_HEADER = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c];
const ASF_FILE_PROPERTIES = [
  0xa1, 0xdc, 0xab, 0x8c, 0x47, 0xa9, 0xcf, 0x11, 0x8e, 0xe4, 0x00, 0xc0, 0x0c, 0x20, 0x53, 0x65,
];
const ASF_STREAM_PROPERTIES = [
  0x91, 0x07, 0xdc, 0xb7, 0xb7, 0xa9, 0xcf, 0x11, 0x8e, 0xe6, 0x00, 0xc0, 0x0c, 0x20, 0x53, 0x65,
];

function guidAt(b: Uint8Array, at: number, guid: number[]): boolean {
  return guid.every((v, i) => b[at + i] === v);
}

function probeAsf(b: Uint8Array): Omit<VideoProbe, "contentType"> | null {
  if (b.length < 30 || !guidAt(b, 0, ASF_HEADER)) return null;
  const dv = view(b);
  const headerEnd = Number(dv.getBigUint64(16, true));
  const count = dv.getUint32(24, true);
  if (headerEnd > b.length) return null;
  let at = 30;
  let duration: number | null = null;
  let streams = 0;
  for (let i = 0; i < count && at + 24 <= headerEnd; i++) {
    const size = Number(dv.getBigUint64(at + 16, true));
    if (size < 24 || at + size > headerEnd) return null;
    if (guidAt(b, at, ASF_FILE_PROPERTIES)) {
      const data = at + 24;
      const play100ns = Number(dv.getBigUint64(data + 40, true));
      const prerollMs = Number(dv.getBigUint64(data + 56, true));
      duration = play100ns / 10_000 - prerollMs;
    }
    if (guidAt(b, at, ASF_STREAM_PROPERTIES)) streams += 1;
    at += size;
  }
  if (duration === null || streams === 0) return null;
  return { container: "wmv", durationMs: duration };
}
