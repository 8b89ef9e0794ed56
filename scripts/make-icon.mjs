#!/usr/bin/env node
// Draws resources/icon.png (512×512): a rounded blue square with a white "P". Kept as a script
// so the icon can be regenerated without an image editor.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { deflateSync } from 'node:zlib'

// 512×512: the smallest icon electron-builder accepts for macOS; the drawing is in a 256-unit grid.
const size = 512
const scale = size / 256
const pixels = Buffer.alloc(size * size * 4)
const blue = [47, 111, 222]
const radius = 48

function inRoundedSquare(x, y) {
  const cx = Math.min(Math.max(x, radius), 255 - radius)
  const cy = Math.min(Math.max(y, radius), 255 - radius)
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2
}

function inLetterP(x, y) {
  const stem = x >= 80 && x < 112 && y >= 56 && y < 200
  const dx = x - 128
  const dy = y - 100
  const r = Math.sqrt(dx * dx + dy * dy)
  const bowl = x >= 96 && r <= 48 && r >= 18 && (x >= 112 || (y >= 52 && y < 148))
  const bars = x >= 96 && x < 128 && ((y >= 52 && y < 82) || (y >= 118 && y < 148))
  return stem || bowl || bars
}

for (let y = 0; y < size; y++) {
  for (let x = 0; x < size; x++) {
    const i = (y * size + x) * 4
    const [gx, gy] = [x / scale, y / scale]
    if (!inRoundedSquare(gx, gy)) continue
    const [r, g, b] = inLetterP(gx, gy) ? [255, 255, 255] : blue
    pixels[i] = r
    pixels[i + 1] = g
    pixels[i + 2] = b
    pixels[i + 3] = 255
  }
}

function crc32(buf) {
  let c = ~0
  for (const byte of buf) {
    c ^= byte
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1))
  }
  return ~c >>> 0
}

function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

const header = Buffer.alloc(13)
header.writeUInt32BE(size, 0)
header.writeUInt32BE(size, 4)
header[8] = 8 // bit depth
header[9] = 6 // RGBA
const raw = Buffer.alloc((size * 4 + 1) * size)
for (let y = 0; y < size; y++) pixels.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw)),
  chunk('IEND', Buffer.alloc(0)),
])
writeFileSync(path.resolve(import.meta.dirname, '../resources/icon.png'), png)
