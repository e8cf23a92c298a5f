import { describe, expect, it } from "vitest";
import { probeVideo } from "./video-probe";
import { asf, avi, isoBmff, matroska } from "../tests/fixtures/videos";

describe("probeVideo", () => {
  it("reads an MP4's duration from moov/mvhd (version 0 and 1) and tells a QuickTime MOV apart", () => {
    expect(probeVideo(isoBmff({ brand: "isom", timescale: 1000, duration: 42_500 }))).toEqual({
      container: "mp4",
      contentType: "video/mp4",
      durationMs: 42_500,
    });
    expect(probeVideo(isoBmff({ brand: "isom", timescale: 90_000, duration: 90_000 * 61, version: 1 }))).toMatchObject({
      durationMs: 61_000,
    });
    expect(probeVideo(isoBmff({ brand: "qt  ", timescale: 600, duration: 600 * 12 }))).toMatchObject({
      container: "mov",
      durationMs: 12_000,
    });
    // moov after mdat, as cameras write it
    expect(probeVideo(isoBmff({ brand: "mp42", timescale: 1000, duration: 5000, moovLast: true }))).toMatchObject({
      durationMs: 5000,
    });
  });

  it("reads WEBM and MKV durations, and a MediaRecorder WEBM without Duration from its last cluster", () => {
    expect(probeVideo(matroska({ docType: "webm", durationMs: 30_000 }))).toEqual({
      container: "webm",
      contentType: "video/webm",
      durationMs: 30_000,
    });
    expect(probeVideo(matroska({ docType: "matroska", durationMs: 75_250 }))).toMatchObject({
      container: "mkv",
      durationMs: 75_250,
    });
    expect(probeVideo(matroska({ docType: "webm", durationMs: null, clusters: [0, 20_000, 44_000] }))).toMatchObject({
      durationMs: 44_000 + 960,
    });
  });

  it("reads AVI and WMV durations", () => {
    expect(probeVideo(avi({ usPerFrame: 33_333, frames: 900 }))).toMatchObject({
      container: "avi",
      durationMs: 30_000,
    });
    expect(probeVideo(asf({ play100ns: 45_000 * 10_000 + 3000 * 10_000, prerollMs: 3000 }))).toMatchObject({
      container: "wmv",
      contentType: "video/x-ms-wmv",
      durationMs: 45_000,
    });
  });

  it("refuses a renamed picture, a truncated file and a container without tracks", () => {
    expect(probeVideo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]))).toBeNull();
    expect(probeVideo(new TextEncoder().encode("this is not a video, only named video.mp4"))).toBeNull();
    const mp4 = isoBmff({ brand: "isom", timescale: 1000, duration: 4000 });
    expect(probeVideo(mp4.slice(0, mp4.length - 10))).toBeNull();
    expect(probeVideo(isoBmff({ brand: "isom", timescale: 1000, duration: 4000, noTrack: true }))).toBeNull();
    expect(probeVideo(matroska({ docType: "webm", durationMs: 1000, noTracks: true }))).toBeNull();
    expect(probeVideo(matroska({ docType: "webm", durationMs: 1000 }).slice(0, 30))).toBeNull();
    expect(probeVideo(avi({ usPerFrame: 40_000, frames: 25, streams: 0 }))).toBeNull();
    expect(probeVideo(asf({ play100ns: 10_000_000, prerollMs: 0, noStream: true }))).toBeNull();
  });
});
