extension ColorRenderer.FrameShading {
    /// The Swift reference of `ccolor_shade_rows` (color_shading.c), the same bytes: shades rows `rows`
    /// (a first row that is a multiple of 4 within the band: blocks never straddle bands) into `out`,
    /// whose first row is image row `outFirstRow`. A 4x4 block whose sixteen pixels
    /// show the same patch of gloss below 0.5 (no mirror; light that varies slowly) is lit once, at the
    /// block's centre, unless it lies on a sun edge (``sunEdge(_:normal:room:inverse:)``: then pixel by
    /// pixel); otherwise each 2x2 block whose four pixels show the same
    /// non-mirror patch is lit once, at its centre (the inverse depth is linear across a patch, so the
    /// mean of the values around a centre is the centre's); other pixels one by one. Glass panes are
    /// applied per pixel.
    func shade(rows: Range<Int>, width: Int, stride: Int, best: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>,
               paneIds: UnsafeMutablePointer<Int32>, weight: Float, out: UnsafeMutablePointer<Float>, outFirstRow: Int) {
        let coarse = renderer.patchLitPerBlock
        var y = rows.lowerBound
        while y < rows.upperBound {
            let rowsHere = min(4, rows.upperBound - y)
            var x = 0
            while x < width {
                let columnsHere = min(4, width - x)
                let i = y * stride + x
                let id = ids[i]
                if rowsHere == 4, columnsHere == 4, id >= 0, coarse[Int(id)], Self.sameID(id, ids + i, stride: stride) {
                    let c = i + stride + 1
                    let inverse = (best[c] + best[c + 1] + best[c + stride] + best[c + stride + 1]) * 0.25
                    let ray = rayX * (Float(x) + 1.5) + rayY * (Float(y) + 1.5) + rayOrigin
                    let view = -ray / (ray * ray).sum().squareRoot()
                    let point = camera + ray * (1 / inverse), room = Int(renderer.patchRoom[Int(id)])
                    let colour = radiance(point: point, normal: normals[Int(id)], view: view,
                                          material: renderer.patchMaterials[Int(id)], room: room)
                    if sunEdge(point, normal: normals[Int(id)], room: room, inverse: inverse) {
                        // On a sun edge: each pixel its own light, so the penumbra ramps pixel by pixel.
                        for dy in 0..<4 {
                            for dx in 0..<4 {
                                shadePixel(x: x + dx, y: y + dy, width: width, stride: stride, best: best, ids: ids, paneIds: paneIds,
                                           weight: weight, out: out, outFirstRow: outFirstRow)
                            }
                        }
                    } else if stores, !panesInView || Self.sameID(-1, paneIds + i, stride: stride) {
                        // No glass in front: the block's twelve samples a row as three four-lane stores.
                        let c = surfaceColour(colour, weight: weight)
                        let a = SIMD4(c.x, c.y, c.z, c.x), b = SIMD4(c.y, c.z, c.x, c.y), d = SIMD4(c.z, c.x, c.y, c.z)
                        for dy in 0..<4 {
                            let row = UnsafeMutableRawPointer(out + ((y + dy - outFirstRow) * width + x) * 3)
                            row.storeBytes(of: a, as: SIMD4<Float>.self)
                            row.storeBytes(of: b, toByteOffset: 16, as: SIMD4<Float>.self)
                            row.storeBytes(of: d, toByteOffset: 32, as: SIMD4<Float>.self)
                        }
                    } else {
                        for dy in 0..<4 {
                            for dx in 0..<4 {
                                store(colour, x: x + dx, y: y + dy, width: width, stride: stride, paneIds: paneIds, weight: weight,
                                      out: out, outFirstRow: outFirstRow)
                            }
                        }
                    }
                } else {
                    var by = 0
                    while by < rowsHere {
                        var bx = 0
                        while bx < columnsHere {
                            shadeBlock(x: x + bx, y: y + by, pair: by + 1 < rowsHere, width: width, stride: stride, best: best,
                                       ids: ids, paneIds: paneIds, weight: weight, out: out, outFirstRow: outFirstRow)
                            bx += 2
                        }
                        by += 2
                    }
                }
                x += 4
            }
            y += 4
        }
    }

    /// Whether the 4x4 pixels from `ids` (rows `stride` apart) all show patch `id`.
    @inline(__always)
    static func sameID(_ id: Int32, _ ids: UnsafeMutablePointer<Int32>, stride: Int) -> Bool {
        let want = SIMD4<Int32>(repeating: id)
        let raw = UnsafeRawPointer(ids)
        let r0 = raw.loadUnaligned(as: SIMD4<Int32>.self)
        let r1 = raw.loadUnaligned(fromByteOffset: stride * 4, as: SIMD4<Int32>.self)
        let r2 = raw.loadUnaligned(fromByteOffset: stride * 8, as: SIMD4<Int32>.self)
        let r3 = raw.loadUnaligned(fromByteOffset: stride * 12, as: SIMD4<Int32>.self)
        return all((r0 .== want) .& (r1 .== want) .& (r2 .== want) .& (r3 .== want))
    }

    /// Shades the 2x2 block at (x, y) (one row when not `pair`, one column at the right edge): lit once
    /// when its four pixels show the same non-mirror patch, pixel by pixel otherwise.
    @inline(__always)
    func shadeBlock(x: Int, y: Int, pair: Bool, width: Int, stride: Int, best: UnsafeMutablePointer<Float>,
                    ids: UnsafeMutablePointer<Int32>, paneIds: UnsafeMutablePointer<Int32>, weight: Float,
                    out: UnsafeMutablePointer<Float>, outFirstRow: Int) {
        let i = y * stride + x
        let id = ids[i]
        if pair, x + 1 < width, id >= 0, ids[i + 1] == id, ids[i + stride] == id, ids[i + stride + 1] == id,
           renderer.patchMaterials[Int(id)].kind != .mirror {
            let inverse = (best[i] + best[i + 1] + best[i + stride] + best[i + stride + 1]) * 0.25
            let ray = rayX * (Float(x) + 0.5) + rayY * (Float(y) + 0.5) + rayOrigin
            let view = -ray / (ray * ray).sum().squareRoot()
            let colour = radiance(point: camera + ray * (1 / inverse), normal: normals[Int(id)], view: view,
                                  material: renderer.patchMaterials[Int(id)], room: Int(renderer.patchRoom[Int(id)]))
            store(colour, x: x, y: y, width: width, stride: stride, paneIds: paneIds, weight: weight, out: out, outFirstRow: outFirstRow)
            store(colour, x: x + 1, y: y, width: width, stride: stride, paneIds: paneIds, weight: weight, out: out, outFirstRow: outFirstRow)
            store(colour, x: x, y: y + 1, width: width, stride: stride, paneIds: paneIds, weight: weight, out: out, outFirstRow: outFirstRow)
            store(colour, x: x + 1, y: y + 1, width: width, stride: stride, paneIds: paneIds, weight: weight, out: out,
                  outFirstRow: outFirstRow)
        } else {
            for dy in 0..<(pair ? 2 : 1) {
                for dx in 0..<min(2, width - x) {
                    shadePixel(x: x + dx, y: y + dy, width: width, stride: stride, best: best, ids: ids,
                               paneIds: paneIds, weight: weight, out: out, outFirstRow: outFirstRow)
                }
            }
        }
    }
}
