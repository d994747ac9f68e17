import CaptureEngine
import JSONSupport

/// `floorplan.svg`: the scene's plan seen from above, as a floor-plan pipeline draws one: walls, doors,
/// windows and openings cut into them, objects' footprints with their RoomPlan category, and room names.
/// In metres on the floor plane: x to the right, z downwards (ARKit's -Z, the first view, is up); each
/// element carries its `room.json` kind as its class (`wall`, `door`, `window`, `opening`, `object`).
public enum FloorPlanSVG {
    public static func svg(_ scene: Scene) -> String {
        var low = SIMD2(Double.infinity, .infinity), high = -low
        for room in scene.rooms {
            for p in room.floor {
                low = pointwiseMin(low, p)
                high = pointwiseMax(high, p)
            }
        }
        if !low.x.isFinite { low = SIMD2(-1, -1); high = SIMD2(1, 1) }
        let margin = 0.5
        let x0 = low.x - margin, z0 = low.y - margin, w = high.x - low.x + 2 * margin, h = high.y - low.y + 2 * margin
        func n(_ v: Double) -> String { NumberFormatting.compact(v == 0 ? 0 : v, decimals: 4) }
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(n(x0)) \(n(z0)) \(n(w)) \(n(h))\" "
            + "width=\"\(n(w * 100))\" height=\"\(n(h * 100))\">\n"
        // The plan only: two scenes of one geometry give the same bytes, whatever their names.
        s += "<title>floor plan (metres; x right, z down)</title>\n"
        s += "<rect x=\"\(n(x0))\" y=\"\(n(z0))\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"#ffffff\"/>\n"
        for object in scene.objects {
            let half = object.dimensions / 2
            let corners = [SIMD3(-half.x, 0, -half.z), SIMD3(half.x, 0, -half.z), SIMD3(half.x, 0, half.z), SIMD3(-half.x, 0, half.z)]
                .map { object.transform.apply(toPoint: $0) }
            s += "<polygon class=\"object\" data-category=\"\(object.category.rawValue)\" points=\""
                + corners.map { n($0.x) + "," + n($0.z) }.joined(separator: " ")
                + "\" fill=\"#e4e1da\" stroke=\"#8a8576\" stroke-width=\"0.01\"><title>\(object.category.rawValue)</title></polygon>\n"
        }
        for room in scene.rooms where room.floor.count >= 3 {
            for index in room.floor.indices {
                let (a, b) = room.wallEnds(index)
                let length = ((b - a) * (b - a)).sum().squareRoot()
                guard length > 1e-9 else { continue }
                let along = (b - a) / length
                var pieces: [(Double, Double, String)] = []
                var at = 0.0
                for opening in room.openings.filter({ $0.wall == index }).sorted(by: { $0.offset < $1.offset }) {
                    let start = max(at, opening.offset), end = min(length, opening.offset + opening.width)
                    guard end > start else { continue }
                    if start > at { pieces.append((at, start, "wall")) }
                    pieces.append((start, end, opening.kind.rawValue))
                    at = end
                }
                if at < length { pieces.append((at, length, "wall")) }
                for (from, to, kind) in pieces {
                    let p = a + along * from, q = a + along * to
                    let style = switch kind {
                    case "door": "stroke=\"#a0672f\" stroke-width=\"0.06\""
                    case "window": "stroke=\"#3aa0e0\" stroke-width=\"0.06\""
                    case "opening": "stroke=\"#b8b8b8\" stroke-width=\"0.03\" stroke-dasharray=\"0.08 0.06\""
                    default: "stroke=\"#222222\" stroke-width=\"0.1\""
                    }
                    s += "<line class=\"\(kind)\" x1=\"\(n(p.x))\" y1=\"\(n(p.y))\" x2=\"\(n(q.x))\" y2=\"\(n(q.y))\" \(style) stroke-linecap=\"square\"/>\n"
                }
            }
            var middle = SIMD2<Double>.zero
            for p in room.floor { middle += p }
            middle /= Double(room.floor.count)
            s += "<text class=\"room\" x=\"\(n(middle.x))\" y=\"\(n(middle.y))\" font-size=\"0.25\" text-anchor=\"middle\" "
                + "fill=\"#6b675e\" font-family=\"sans-serif\">\(escape(room.name))</text>\n"
        }
        return s + "</svg>\n"
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
