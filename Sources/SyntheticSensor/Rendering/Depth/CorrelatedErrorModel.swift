import CDepthShading
import Foundation

/// The correlated LiDAR error model (``LiDARErrorModelKind/correlated``, the default; see docs/benchmarks.md
/// for its render cost against the white model's): after the raster pass, turns a
/// frame's nearest inverse depths into depth with view-tied correlated error, uncertainty-based
/// confidence with a medium halo, and edge ramps with flying pixels, following
/// ``CorrelatedErrorSettings``. One implementation for every render path (they differ only in the
/// raster pass, whose output is identical), run once per frame, so maps are identical across paths and
/// bands. Deterministic from the frame index, the sequence seed and the frame's noise seed.
struct CorrelatedErrorModel: Sendable {
    let width: Int, height: Int
    let settings: CorrelatedErrorSettings
    let edgeRelativeJump: Float
    /// Deepest value written, metres.
    let rangeMeters: Float
    /// The numbers of the C kernel's pass, the ramp width thresholds (``RampThresholds``) among them, which
    /// the Swift pass reads too.
    let kernelSettings: cdepth_correlated_settings
    /// Per pixel: the border term of the uncertainty.
    private let borderTerm: [Float]
    /// Per patch index: the material's constant uncertainty (dark, mirror) and its extra grazing factor
    /// (glossy), with one entry more than there are patches: the interpolated no-return fill's
    /// (``NoReturnInterpolation``, patch index `patches.count`).
    private let materialConstant: [Float], materialGrazing: [Float]

    init(width: Int, height: Int, settings: CorrelatedErrorSettings, edgeRelativeJump: Float, rangeMeters: Float,
         materials: [Material] = []) {
        self.rangeMeters = rangeMeters
        let thresholds = RampThresholds(settings)
        let s = settings
        var kernelSettings = cdepth_correlated_settings(
            grazing: s.grazing, reliability_mean: s.reliabilityMean, reliability_spread: s.reliabilitySpread,
            distance_start_meters: s.distanceStartMeters, distance_per_meter: s.distancePerMeter,
            distance_span_meters: s.distanceSpanMeters, far_start_meters: s.farStartMeters, far_per_meter: s.farPerMeter,
            edge_on: s.edgeOn, edge_one_away: s.edgeOneAway, edge_two_away: s.edgeTwoAway,
            minimum_noise_factor: s.minimumNoiseFactor, maximum_noise_factor: s.maximumNoiseFactor,
            noise_gain_per_uncertainty: s.noiseGainPerUncertainty, coarse_per_meter_to_one_and_a_half: s.coarsePerMeterToOneAndAHalf,
            fine_per_square_meter: s.finePerSquareMeter, white_per_square_meter: s.whitePerSquareMeter,
            range_meters: rangeMeters, smoothed_step_below: s.smoothedStepBelow,
            ramp_clean: thresholds.clean, ramp_near_side: thresholds.nearSide, ramp_one: thresholds.one,
            ramp_two: thresholds.two, ramp_three: thresholds.three,
            ramp_one_mixed_share: s.rampOneMixedShare, ramp_profile: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
            fills_no_return: s.noReturnFill == .far ? 1 : 0, warp_per_meter: s.warpPerMeter, warp_growth_end_meters: s.warpGrowthEndMeters, frame_scale: 0,
            frame_offset: 0, warp_linear: 1 - s.warpQuadraticShare,
            warp_quadratic: s.warpGrowthEndMeters > 0 ? s.warpQuadraticShare / s.warpGrowthEndMeters : 0)
        withUnsafeMutableBytes(of: &kernelSettings.ramp_profile) { bytes in
            for (i, value) in Self.rampProfile.enumerated() { bytes.storeBytes(of: value, toByteOffset: 4 * i, as: Float.self) }
        }
        self.kernelSettings = kernelSettings
        let terms = materials.map { Self.materialTerms($0, settings) }
        // The entry after the patches' is the interpolated no-return fill's (``NoReturnInterpolation``): so
        // large that a filled pixel is always at confidence 0 and gets the largest noise factor (finite, so
        // that a noise gain of 0 gives a factor of 1 rather than 0 * infinity).
        materialConstant = terms.map(\.constant) + [s.noReturnFill == .interpolated ? Self.noReturnUncertainty : 0]
        materialGrazing = terms.map(\.grazing) + [0]
        self.width = width
        self.height = height
        self.settings = settings
        self.edgeRelativeJump = edgeRelativeJump
        var border = [Float](repeating: 0, count: width * height)
        let pixels = Float(max(1, settings.borderPixels))
        for y in 0..<height {
            for x in 0..<width {
                let b = Float(min(min(x, y), min(width - 1 - x, height - 1 - y)))
                border[y * width + x] = settings.border * max(0, 1 - b / pixels)
            }
        }
        borderTerm = border
    }

    /// The uncertainty of a pixel filled by ``NoReturnInterpolation``.
    static let noReturnUncertainty: Float = 1e6

    /// A material's terms of the uncertainty: a constant (dark by how little light it reflects, mirror)
    /// and a factor on the incidence term `1 / cos - 1` (glossy by its gloss: the pulse reflects away).
    static func materialTerms(_ m: Material, _ s: CorrelatedErrorSettings) -> (constant: Float, grazing: Float) {
        switch m.kind {
        case .matte, .glass: return (0, 0)
        case .dark:
            let luminance = 0.2126 * m.albedo.x + 0.7152 * m.albedo.y + 0.0722 * m.albedo.z
            return (s.darkUncertainty * max(0, 1 - luminance / 0.25), 0)
        case .glossy: return (0, s.glossyGrazing * m.gloss)
        case .mirror: return (s.mirrorUncertainty, s.glossyGrazing * m.gloss)
        }
    }

    /// A unit-variance, approximately Gaussian value (Irwin-Hall sum of four 16-bit uniforms) from a
    /// 32-bit key.
    @inline(__always) static func gaussian(_ key: UInt32) -> Float {
        let first = DepthKernels.hash32(key), second = DepthKernels.hash32(key ^ 0x5BD1_E995)
        let sum = Float(first & 0xFFFF) + Float(first >> 16) + Float(second & 0xFFFF) + Float(second >> 16)
        return (sum * (1 / 65536) - 2) * 1.7320508
    }

    /// Where a field's node values lie in the frame's node array: rows of `columns` from `offset`, one
    /// node every `cell` pixels.
    struct FieldNodes: Sendable {
        let offset: Int, columns: Int, cell: Int
    }

    /// Appends to `nodes` the node values of a value-noise field with `cell`-pixel cells covering the map,
    /// unit variance: a field that changes to a new independent one every `changeFrames` frames, blended in
    /// between with cosine and sine weights (so its variance stays 1).
    func field(into nodes: inout [Float], cell requestedCell: Int, seed: UInt32, frameIndex: Int, changeFrames: Int) -> FieldNodes {
        let cell = max(1, requestedCell)
        let columns = (width - 1) / cell + 2, rows = (height - 1) / cell + 2
        let change = max(1, changeFrames)
        let epoch = frameIndex / change
        let angle = Float(frameIndex % change) / Float(change) * (Float.pi / 2)
        let a = Float(cos(Double(angle))), b = Float(sin(Double(angle)))
        let seedA = DepthKernels.hash32(seed ^ UInt32(truncatingIfNeeded: epoch &* 0x27D4_EB2F))
        let seedB = DepthKernels.hash32(seed ^ UInt32(truncatingIfNeeded: (epoch + 1) &* 0x27D4_EB2F))
        let offset = nodes.count
        nodes.reserveCapacity(offset + columns * rows)
        for node in 0..<(columns * rows) {
            let n = UInt32(truncatingIfNeeded: node &* 0x9E37_79B1)
            nodes.append(b == 0 ? Self.gaussian(seedA ^ n) : a * Self.gaussian(seedA ^ n) + b * Self.gaussian(seedB ^ n))
        }
        return FieldNodes(offset: offset, columns: columns, cell: cell)
    }

    /// The edge-level pass's masks (``edgeLevelsReference(best:stride:width:height:jump:masks:level:)``,
    /// `cdepth_edge_levels`): three planes of `planeBytes`, rows of `rowBytes` with the pixels from `pad`
    /// on and two rows of zeros above and below.
    static func edgeMaskLayout(width w: Int, height h: Int) -> (pad: Int, rowBytes: Int, planeBytes: Int) {
        let pad = 8, rowBytes = (w + 7) / 8 * 8 + 2 * pad
        return (pad, rowBytes, rowBytes * (h + 4))
    }

    /// Shades a whole frame. `best` (rows of `stride`, 8 floats of padding before and after) and `ids`
    /// are the raster pass's; `planeDistance` per patch id, `inverseRayLength` per pixel. The per-pixel pass runs in
    /// `bands` row bands at once (the same maps for any count); `.simde` runs each row in the C kernel
    /// (`cdepth_correlated_row`) for widths that are multiples of 8, and everything else runs its Swift
    /// reference (``correlatedRowReference(_:y:best:ids:planeDistance:materialConstant:materialGrazing:lastMaterial:inverseRayLength:border:level:coarse:fine:reliability:ramp:warp:windows:frameSeed:depth:confidence:)``), bit-identical.
    func shade(best: UnsafePointer<Float>, ids: UnsafePointer<Int32>, stride: Int, planeDistance: UnsafePointer<Float>,
               inverseRayLength: UnsafePointer<Float>, frameIndex: Int, sequenceSeed: UInt64, noiseSeed: UInt64,
               depth: UnsafeMutablePointer<Float>, confidence: UnsafeMutablePointer<UInt8>, bands: Int = 1,
               path: RenderPath = CaptureOptions.defaultRenderPath) {
        let w = width, h = height, s = settings, jump = edgeRelativeJump
        let sequence32 = UInt32(truncatingIfNeeded: sequenceSeed ^ (sequenceSeed >> 32))
        let frame32 = UInt32(truncatingIfNeeded: noiseSeed ^ (noiseSeed >> 32))
        // Each pixel's Chebyshev distance to the nearest depth edge, 0, 1, 2 or 3 (farther).
        var masks = [UInt8](repeating: 0, count: 3 * Self.edgeMaskLayout(width: w, height: h).planeBytes)
        var level = [UInt8](repeating: 3, count: w * h)
        masks.withUnsafeMutableBufferPointer { maskBuffer in
            level.withUnsafeMutableBufferPointer { levelBuffer in
                if path == .simde {
                    _ = cdepth_edge_levels(best, stride, w, h, jump, maskBuffer.baseAddress!, levelBuffer.baseAddress!)
                } else {
                    Self.edgeLevelsReference(best: best, stride: stride, width: w, height: h, jump: jump,
                                             masks: maskBuffer.baseAddress!, level: levelBuffer.baseAddress!)
                }
            }
        }
        var nodes: [Float] = []
        let coarse = field(into: &nodes, cell: s.coarseCellPixels, seed: sequence32 ^ 0xC0A5_0001, frameIndex: frameIndex,
                           changeFrames: s.coarseChangeFrames)
        let fine = field(into: &nodes, cell: s.fineCellPixels, seed: frame32 ^ 0xF1E0_0002, frameIndex: 0, changeFrames: 1)
        let reliability = field(into: &nodes, cell: s.reliabilityCellPixels, seed: sequence32 ^ 0x4E11_0003, frameIndex: frameIndex,
                                changeFrames: s.reliabilityChangeFrames)
        let ramp = field(into: &nodes, cell: s.rampCellPixels, seed: frame32 ^ 0x7A3B_0004, frameIndex: 0, changeFrames: 1)
        let warp = field(into: &nodes, cell: s.warpCellPixels, seed: sequence32 ^ 0x3A4B_0005, frameIndex: frameIndex,
                         changeFrames: s.warpChangeFrames)
        let frameScale = s.frameScale * Self.slowValue(seed: sequence32 ^ 0x5CA1_0006, frameIndex: frameIndex, changeFrames: s.frameChangeFrames)
        let frameOffset = s.frameOffsetMeters * Self.slowValue(seed: sequence32 ^ 0x0FF5_0007, frameIndex: frameIndex,
                                                               changeFrames: s.frameChangeFrames)
        let fieldNodes = nodes
        let scratchCount = max(coarse.columns, fine.columns, reliability.columns, ramp.columns, warp.columns)
        let windowRows = Self.rowWindows(best: best, stride: stride, width: w, height: h)
        let bandCount = max(1, min(bands, h)), rowsPerBand = (h + bandCount - 1) / bandCount
        borderTerm.withUnsafeBufferPointer { borderBuffer in
         level.withUnsafeBufferPointer { levelBuffer in
         materialConstant.withUnsafeBufferPointer { constantBuffer in
         materialGrazing.withUnsafeBufferPointer { grazingBuffer in
         windowRows.withUnsafeBufferPointer { windowBuffer in
            // Read-only inputs and the two outputs, for the row bands (each writes only its own rows).
            let inputs = SendablePointer(UnsafeMutablePointer(mutating: best)), patchIDs = SendablePointer(UnsafeMutablePointer(mutating: ids))
            let planes = SendablePointer(UnsafeMutablePointer(mutating: planeDistance))
            let rayLengths = SendablePointer(UnsafeMutablePointer(mutating: inverseRayLength))
            let borders = SendablePointer(UnsafeMutablePointer(mutating: borderBuffer.baseAddress!))
            let levels = SendablePointer(UnsafeMutablePointer(mutating: levelBuffer.baseAddress!))
            let constants = SendablePointer(UnsafeMutablePointer(mutating: constantBuffer.baseAddress!))
            let grazings = SendablePointer(UnsafeMutablePointer(mutating: grazingBuffer.baseAddress!))
            let windowPlanes = SendablePointer(UnsafeMutablePointer(mutating: windowBuffer.baseAddress!))
            let depthOut = SendablePointer(depth), confidenceOut = SendablePointer(confidence)
            let lastMaterial = Int32(constantBuffer.count - 1)
            let shadeBand: @Sendable (Int) -> Void = { band in
             let y0 = min(h, band * rowsPerBand), y1 = min(h, y0 + rowsPerBand)
             let best = UnsafePointer(inputs.pointer), ids = UnsafePointer(patchIDs.pointer), planeDistance = UnsafePointer(planes.pointer)
             let inverseRayLength = UnsafePointer(rayLengths.pointer), borderTerm = UnsafePointer(borders.pointer)
             let level = UnsafePointer(levels.pointer), materialConstant = UnsafePointer(constants.pointer)
             let materialGrazing = UnsafePointer(grazings.pointer), windows = UnsafePointer(windowPlanes.pointer)
             let depth = depthOut.pointer, confidence = confidenceOut.pointer
             var rows = [Float](repeating: 0, count: 5 * w + scratchCount)
             var kernelSettings = self.kernelSettings
             kernelSettings.frame_scale = frameScale
             kernelSettings.frame_offset = frameOffset
             rows.withUnsafeMutableBufferPointer { buffer in
            let coarseRow = buffer.baseAddress!, fineRow = coarseRow + w, reliabilityRow = fineRow + w, rampRow = reliabilityRow + w
            let warpRow = rampRow + w, scratch = warpRow + w
            fieldNodes.withUnsafeBufferPointer { nodeBuffer in
                func interpolate(_ f: FieldNodes, _ y: Int, into out: UnsafeMutablePointer<Float>) {
                    cdepth_field_row(nodeBuffer.baseAddress! + f.offset, f.columns, f.cell, y, w, scratch, out)
                }
                for y in y0..<y1 {
                    interpolate(coarse, y, into: coarseRow)
                    interpolate(fine, y, into: fineRow)
                    interpolate(reliability, y, into: reliabilityRow)
                    interpolate(ramp, y, into: rampRow)
                    interpolate(warp, y, into: warpRow)
                    // The kernel, eight pixels at a time, for widths it takes; else its reference, a pixel at a time.
                    if path == .simde, w % 8 == 0 {
                        _ = cdepth_correlated_row(&kernelSettings, w, h, y, best + y * stride, ids + y * stride, planeDistance,
                                                  materialConstant, materialGrazing, lastMaterial, inverseRayLength + y * w,
                                                  borderTerm + y * w, level + y * w, coarseRow, fineRow, reliabilityRow, rampRow,
                                                  warpRow, windows, frame32, depth + y * w, confidence + y * w)
                    } else {
                        correlatedRowReference(kernelSettings, y: y, best: best + y * stride, ids: ids + y * stride,
                                               planeDistance: planeDistance, materialConstant: materialConstant,
                                               materialGrazing: materialGrazing, lastMaterial: lastMaterial,
                                               inverseRayLength: inverseRayLength + y * w, border: borderTerm + y * w,
                                               level: level + y * w, coarse: coarseRow, fine: fineRow, reliability: reliabilityRow,
                                               ramp: rampRow, warp: warpRow, windows: windows, frameSeed: frame32,
                                               depth: depth + y * w, confidence: confidence + y * w)
                    }
                }
            }
             }
            }
            if bandCount == 1 { shadeBand(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: shadeBand) }
         }
         }
         }
         }
        }
        // A medium halo between low and high (but for a share `haloGap` of the high pixels): a high pixel
        // next to a low one with a return (4-neighbours; filled no-return pixels count as such)
        // becomes medium. `lowReturn` marks those low pixels, with a frame of zeros around the map; the test runs eight pixels at a time and the hash
        // only for the pixels it selects (demoting 2 to 1 never changes which pixels are low).
        let keepShare = UInt32(min(1, max(0, s.haloGap)) * 65535)
        let lowRow = w + 2
        var lowReturn = [UInt8](repeating: 0, count: lowRow * (h + 2) + 8)
        lowReturn.withUnsafeMutableBufferPointer { lowBuffer in
            let low = lowBuffer.baseAddress! + lowRow + 1
            for y in 0..<h {
                let line = low + y * lowRow, depthRow = depth + y * w, confidenceRow = confidence + y * w
                for x in 0..<w { line[x] = (depthRow[x] > 0 ? 1 : 0) & (confidenceRow[x] == 0 ? 1 : 0) }
            }
            for y in 0..<h {
                let line = low + y * lowRow
                var x = 0
                while x < w {
                    let o = y * w + x
                    var candidates: UInt64
                    if x + 8 <= w {
                        func load(_ p: UnsafePointer<UInt8>) -> UInt64 { UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) }
                        let neighbours = load(line + x - 1) | load(line + x + 1) | load(line + x - lowRow) | load(line + x + lowRow)
                        candidates = (load(confidence + o) >> 1) & neighbours & 0x0101_0101_0101_0101
                    } else {
                        candidates = 0
                        for lane in 0..<(w - x) {
                            let p = line + x + lane
                            let next = (p[-1] | p[1] | p[-lowRow] | p[lowRow]) & (confidence[o + lane] >> 1)
                            candidates |= UInt64(next & 1) << (8 * lane)
                        }
                    }
                    while candidates != 0 {
                        let lane = candidates.trailingZeroBitCount / 8
                        candidates &= candidates - 1
                        let q = o + lane
                        if DepthKernels.hash32(frame32 ^ 0x3C6E_F372 ^ UInt32(truncatingIfNeeded: q)) & 0xFFFF >= keepShare { confidence[q] = 1 }
                    }
                    x += 8
                }
            }
        }
        applyTails(depth: depth, confidence: confidence, frameIndex: frameIndex, sequenceSeed: sequenceSeed, path: path)
    }

    /// A unit-variance value that changes to a new independent one every `changeFrames` frames, blended in
    /// between with cosine and sine weights (a field of one node: ``field(into:cell:seed:frameIndex:changeFrames:)``).
    static func slowValue(seed: UInt32, frameIndex: Int, changeFrames: Int) -> Float {
        let change = max(1, changeFrames)
        let epoch = frameIndex / change
        let angle = Double(frameIndex % change) / Double(change) * (Double.pi / 2)
        let a = Float(cos(angle)), b = Float(sin(angle))
        let seedA = DepthKernels.hash32(seed ^ UInt32(truncatingIfNeeded: epoch &* 0x27D4_EB2F))
        let seedB = DepthKernels.hash32(seed ^ UInt32(truncatingIfNeeded: (epoch + 1) &* 0x27D4_EB2F))
        return a * gaussian(seedA) + b * gaussian(seedB)
    }

    /// The heavy tails (``CorrelatedErrorSettings/tailThreshold`` and the keys after it), after the
    /// confidence is final: where the tail field's value f exceeds `tailThreshold`, with
    /// a = min(1, (f - tailThreshold) / tailRamp), the depth is multiplied by
    /// `exp(-a (tailMinimum + tailLogSpread |g|))` (g the size field: nearer, as a failure pulled to a
    /// foreground surface or to the near side of a gap), rounded to Float16 and clamped
    /// like any depth, and the confidence drops to 1 (to 0 where a > `tailLowAmount`): densification
    /// failures rise smoothly from the surface around them (no depth edge) and are low confidence, as a
    /// phone marks them. `.simde` runs the rows in the C kernel (`cdepth_tails_row`), `.scalar` in ``tailsRowReference(width:patchRow:sizeRow:depth:confidence:)``,
    /// bit-identical.
    func applyTails(depth: UnsafeMutablePointer<Float>, confidence: UnsafeMutablePointer<UInt8>, frameIndex: Int, sequenceSeed: UInt64,
                    path: RenderPath) {
        let s = settings, w = width, h = height
        guard s.tailMinimum > 0 || s.tailLogSpread > 0 else { return }
        let sequence32 = UInt32(truncatingIfNeeded: sequenceSeed ^ (sequenceSeed >> 32))
        var nodes: [Float] = []
        let patches = field(into: &nodes, cell: s.tailCellPixels, seed: sequence32 ^ 0x7A11_0008, frameIndex: frameIndex,
                            changeFrames: s.tailChangeFrames)
        let sizes = field(into: &nodes, cell: s.tailSizeCellPixels, seed: sequence32 ^ 0x51E0_0009, frameIndex: frameIndex,
                          changeFrames: s.tailChangeFrames)
        let threshold = s.tailThreshold
        var kernelSettings = cdepth_tail_settings(threshold: threshold, ramp: s.tailRamp, minimum: s.tailMinimum,
                                                  log_spread: s.tailLogSpread, low_amount: s.tailLowAmount, range_meters: rangeMeters)
        var rows = [Float](repeating: 0, count: 2 * w + max(patches.columns, sizes.columns))
        nodes.withUnsafeBufferPointer { nodeBuffer in
            rows.withUnsafeMutableBufferPointer { buffer in
                let patchRow = buffer.baseAddress!, sizeRow = patchRow + w, scratch = sizeRow + w
                for y in 0..<h {
                    cdepth_field_row(nodeBuffer.baseAddress! + patches.offset, patches.columns, patches.cell, y, w, scratch, patchRow)
                    var any = false
                    for x in 0..<w where patchRow[x] > threshold { any = true; break }
                    guard any else { continue }
                    cdepth_field_row(nodeBuffer.baseAddress! + sizes.offset, sizes.columns, sizes.cell, y, w, scratch, sizeRow)
                    if path == .simde {
                        _ = cdepth_tails_row(&kernelSettings, w, patchRow, sizeRow, depth + y * w, confidence + y * w)
                    } else {
                        tailsRowReference(width: w, patchRow: patchRow, sizeRow: sizeRow, depth: depth + y * w, confidence: confidence + y * w)
                    }
                }
            }
        }
    }

    /// The depth reported where no surface returns within range with ``NoReturnFill/far``:
    /// up to 20 cm short of the range, varying smoothly with the coarse error field's value `coarse`.
    @inline(__always) func noReturnDepth(_ coarse: Float) -> Float {
        rangeMeters - 0.1 * min(2, abs(coarse))
    }

    /// Where a ramp's pixels lie between the near (0) and the far (1) surface, by width (rows of four for
    /// widths 1 to 4, from the near side): a one-pixel ramp (a share ``CorrelatedErrorSettings/rampOneMixedShare``
    /// of them; the others take the two-pixel ramp's places) and the middle of a three-pixel one halfway,
    /// the other pixels close to their side (within 20 %: mixed returns dominated by one surface), so that
    /// about a fifth of a discontinuity zone is flying, as on a phone (docs/lidar.md; the reference counts
    /// a pixel more than a fifth of the step from both sides as flying).
    static let rampProfile: [Float] = [0.5, 0, 0, 0, 0.15, 0.85, 0, 0, 0.12, 0.5, 0.88, 0, 0.07, 0.16, 0.84, 0.93]

    /// Thresholds on the ramp field's value `g` that choose a stretch of edge's ramp widths
    /// (``CorrelatedErrorSettings/rampShare`` and the others, as shares `u` of the field's values), in
    /// the field's own units so that no pixel pays for the conversion: `g` is turned into a share by the
    /// logistic approximation of the normal distribution, `u = 1 / (1 + e^(-1.702 g / 0.64))` (0.64 is
    /// about the interpolated field's standard deviation for the default 8-pixel cell; it grows for smaller
    /// cells, to 1 for 1-pixel ones), so the widths' shares are approximate and drift with the cell.
    struct RampThresholds: Sendable {
        /// Below: no ramp; then one pixel on the near side; one on the far side; two; three; else four.
        let clean: Float, nearSide: Float, one: Float, two: Float, three: Float

        init(_ s: CorrelatedErrorSettings) {
            func field(_ u: Float) -> Float {
                u <= 0 ? -.infinity : (u >= 1 ? .infinity : -Float(log(Double(1 / u - 1))) / 2.66)
            }
            let share = min(1, max(0, s.rampShare)), wide = min(1, max(0, s.rampWideShare)), q = min(1, max(0, s.rampWidening))
            let start = 1 - share
            // v in 0..<1 over the ramps: narrow ones below 1 - wide, split 1 - q, q - q^2, q^2.
            func u(_ v: Float) -> Float { share > 0 ? start + v * share : 1 }
            let narrow = 1 - wide
            clean = share > 0 ? field(start) : .infinity
            nearSide = field(u(narrow * (1 - q) * min(1, max(0, s.rampNearSideShare))))
            one = field(u(narrow * (1 - q)))
            two = field(u(narrow * (1 - q * q)))
            three = field(u(narrow))
        }
    }

    /// Per pixel, the largest and smallest positive inverse depth within one and within two pixels along
    /// its row (clipped to the map): four `width` x `height` planes, nearest within 1, farthest within 1,
    /// nearest within 2, farthest within 2 (0 and infinity where there is no return). The flying-pixel
    /// step takes the square's extremes from these rows (maximum and minimum are exact, so the result
    /// equals a scan of the square).
    static func rowWindows(best: UnsafePointer<Float>, stride: Int, width w: Int, height h: Int) -> [Float] {
        let plane = w * h
        var line = [Float](repeating: 0, count: 2 * (w + 16))
        return [Float](unsafeUninitializedCapacity: 4 * plane) { buffer, count in
            let out = buffer.baseAddress!
            count = 4 * plane
            line.withUnsafeMutableBufferPointer { lineBuffer in
                // Two padded copies of the row: returns with 0 around (for maxima), returns with
                // infinity for no return and around (for minima).
                let near = lineBuffer.baseAddress! + 8, far = near + w + 16
                for x in -8..<0 { far[x] = .infinity }
                for x in w..<(w + 8) { far[x] = .infinity }
                for y in 0..<h {
                    let row = best + y * stride
                    for x in 0..<w {
                        let n = row[x]
                        near[x] = n
                        far[x] = n > 0 ? n : .infinity
                    }
                    let nearest1 = out + y * w, farthest1 = nearest1 + plane, nearest2 = farthest1 + plane, farthest2 = nearest2 + plane
                    if w % 8 == 0 {
                        typealias V = SIMD8<Float>
                        @inline(__always) func load(_ p: UnsafeMutablePointer<Float>) -> V { UnsafeRawPointer(p).loadUnaligned(as: V.self) }
                        @inline(__always) func maxV(_ a: V, _ b: V) -> V { a.replacing(with: b, where: b .> a) }
                        @inline(__always) func minV(_ a: V, _ b: V) -> V { a.replacing(with: b, where: b .< a) }
                        for x in Swift.stride(from: 0, to: w, by: 8) {
                            let a = maxV(maxV(load(near + (x - 1)), load(near + x)), load(near + (x + 1)))
                            UnsafeMutableRawPointer(nearest1 + x).storeBytes(of: a, as: V.self)
                            UnsafeMutableRawPointer(nearest2 + x).storeBytes(of: maxV(a, maxV(load(near + (x - 2)), load(near + (x + 2)))), as: V.self)
                            let b = minV(minV(load(far + (x - 1)), load(far + x)), load(far + (x + 1)))
                            UnsafeMutableRawPointer(farthest1 + x).storeBytes(of: b, as: V.self)
                            UnsafeMutableRawPointer(farthest2 + x).storeBytes(of: minV(b, minV(load(far + (x - 2)), load(far + (x + 2)))), as: V.self)
                        }
                        continue
                    }
                    for x in 0..<w {
                        let a = max(max(near[x - 1], near[x]), near[x + 1])
                        nearest1[x] = a
                        nearest2[x] = max(a, max(near[x - 2], near[x + 2]))
                        let b = min(min(far[x - 1], far[x]), far[x + 1])
                        farthest1[x] = b
                        farthest2[x] = min(b, min(far[x - 2], far[x + 2]))
                    }
                }
            }
        }
    }
}
