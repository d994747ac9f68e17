#!/usr/bin/env python3
"""Writes a copy of a CubiCapture bundle zip whose video.mp4 entry is a zip bomb: a Zip64 entry whose
deflate stream inflates to GIB gibibytes of zeros (a few MB on disk), for the tests of `inspect`'s bounds.

    make_zip_bomb.py IN.zip OUT.zip GIB [--declare BYTES]

--declare makes the central directory and local header declare BYTES instead of the true size (an entry
that lies about its size). The other entries are copied as they are (their compressed bytes and CRCs).
The deflate stream is one 64 MiB block of zeros compressed with a full flush (byte-aligned, no history),
repeated, then a final empty block: the same stream a deflater would make, without deflating GiBs.
"""
import struct
import sys
import zipfile
import zlib

CHUNK = 64 << 20


def bomb_stream(total):
    chunk = bytes(CHUNK)
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    segment = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH)
    count, rest = divmod(total, CHUNK)
    crc = 0
    for _ in range(count):  # the CRC-32 of the zeros, a chunk at a time (fast enough)
        crc = zlib.crc32(chunk, crc)
    tail = b""
    if rest:
        last = zlib.compressobj(9, zlib.DEFLATED, -15)
        tail = last.compress(bytes(rest)) + last.flush(zlib.Z_FULL_FLUSH)
        crc = zlib.crc32(bytes(rest), crc)
    return segment * count + tail + b"\x03\x00", crc & 0xFFFFFFFF


def main():
    source, target, gib = sys.argv[1], sys.argv[2], float(sys.argv[3])
    size = int(gib * (1 << 30))
    declared = int(sys.argv[sys.argv.index("--declare") + 1]) if "--declare" in sys.argv else size
    stream, crc = bomb_stream(size)
    raw = open(source, "rb").read()
    out = bytearray()
    central = bytearray()
    count = 0
    with zipfile.ZipFile(source) as z:
        for info in z.infolist():
            if info.filename == "video.mp4":
                name = b"video.mp4"
                extra = struct.pack("<HHQQ", 1, 16, declared, len(stream))
                offset = len(out)
                out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 45, 0, 8, 0, 0x21, crc, 0xFFFFFFFF, 0xFFFFFFFF, len(name), len(extra))
                out += name + extra + stream
                cextra = struct.pack("<HHQQQ", 1, 24, declared, len(stream), offset)
                central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 45, 45, 0, 8, 0, 0x21, crc, 0xFFFFFFFF, 0xFFFFFFFF,
                                       len(name), len(cextra), 0, 0, 0, 0, 0xFFFFFFFF) + name + cextra
            else:
                # A fresh local header (no data descriptor), then the compressed bytes as they are.
                start = info.header_offset
                name_length, extra_length = struct.unpack("<HH", raw[start + 26:start + 30])
                data_start = start + 30 + name_length + extra_length
                offset = len(out)
                name = info.filename.encode()
                out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, info.compress_type, 0, 0x21, info.CRC,
                                   info.compress_size, info.file_size, len(name), 0)
                out += name + raw[data_start:data_start + info.compress_size]
                central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, info.compress_type, 0, 0x21, info.CRC,
                                       info.compress_size, info.file_size, len(name), 0, 0, 0, 0, 0, offset) + name
            count += 1
    central_offset = len(out)
    out += central
    zip64_end = len(out)
    out += struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 45, 45, 0, 0, count, count, len(central), central_offset)
    out += struct.pack("<IIQI", 0x07064B50, 0, zip64_end, 1)
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
    open(target, "wb").write(out)


if __name__ == "__main__":
    main()
