/**
 * A small PDF 1.4 writer for the pro's agreement: one Helvetica font, wrapped lines, as many A4-ish
 * (US Letter) pages as the text needs, a correct cross-reference table. Hand-written so it runs in the
 * Worker with no dependency (docs/decisions/083-agreement-pdf.md); tests parse the result with pdf-lib.
 */
const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN = 64;
const FONT_SIZE = 11;
const LEADING = 16;
const TITLE_SIZE = 18;
/** Helvetica averages about half an em per character; wrap a little early to stay inside the margin. */
const CHARS_PER_LINE = Math.floor((PAGE_W - 2 * MARGIN) / (FONT_SIZE * 0.5)) - 4;
const LINES_PER_PAGE = Math.floor((PAGE_H - 2 * MARGIN) / LEADING) - 2;

/** Latin-1 only (the standard font's WinAnsi encoding); anything else becomes "?". */
function pdfText(s: string): string {
  let out = "";
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    const c = code === 0x2019 || code === 0x2018 ? "'" : code < 32 || code > 255 ? "?" : ch;
    out += c === "\\" || c === "(" || c === ")" ? `\\${c}` : c;
  }
  return out;
}

export function wrap(line: string, width = CHARS_PER_LINE): string[] {
  if (line.length <= width) return [line];
  const out: string[] = [];
  let current = "";
  for (const word of line.split(" ")) {
    if (current && (current + " " + word).length > width) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
    while (current.length > width) {
      out.push(current.slice(0, width));
      current = current.slice(width);
    }
  }
  if (current) out.push(current);
  return out;
}

export function buildPdf(lines: readonly string[], opts: { title: string; author: string }): Uint8Array<ArrayBuffer> {
  const wrapped = lines.flatMap((l, i) => (i === 0 ? [l] : wrap(l)));
  const pages: string[][] = [];
  for (let i = 0; i < wrapped.length; i += LINES_PER_PAGE) pages.push(wrapped.slice(i, i + LINES_PER_PAGE));
  if (pages.length === 0) pages.push([]);

  // Objects: 1 catalog, 2 pages, 3 font, 4 info, then per page: page object and its content stream.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 5 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = `<< /Title (${pdfText(opts.title)}) /Author (${pdfText(opts.author)}) /Producer (Glow agreement writer) >>`;
  pages.forEach((pageLines, p) => {
    const ops: string[] = ["BT"];
    let y = PAGE_H - MARGIN;
    pageLines.forEach((line, i) => {
      const size = p === 0 && i === 0 ? TITLE_SIZE : FONT_SIZE;
      ops.push(`/F1 ${size} Tf`, `1 0 0 1 ${MARGIN} ${y} Tm`, `(${pdfText(line)}) Tj`);
      y -= p === 0 && i === 0 ? LEADING * 1.75 : LEADING;
    });
    ops.push("ET");
    const stream = ops.join("\n");
    objects[pageIds[p]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] ` +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[p]! + 1} 0 R >>`;
    objects[pageIds[p]! + 1] = `<< /Length ${latin1Length(stream)} >>\nstream\n${stream}\nendstream`;
  });

  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = latin1Length(body);
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = latin1Length(body);
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return latin1Bytes(body);
}

/** Every character of the document is one byte (pdfText keeps it to Latin-1). */
function latin1Length(s: string): number {
  return s.length;
}

function latin1Bytes(s: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}
