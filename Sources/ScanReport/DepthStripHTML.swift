import Foundation

/// The depth strip: each thumbnail's depth and confidence pictures inlined as PNG data URIs, captioned
/// with the frame's time and the event it shows.
enum DepthStripHTML {
    static func render(_ trace: ScanTrace) -> String {
        guard !trace.thumbnails.isEmpty else {
            return "<p class=\"note\">No depth maps in this input (pose logs carry none).</p>\n"
        }
        var s = "<div class=\"strip\">\n"
        for thumb in trace.thumbnails {
            let caption: String, kind: String
            switch thumb.reason {
            case .event(let code, let time):
                caption = "after \(code) at \(HTMLText.number(time, decimals: 2)) s"
                kind = "event"
            case .regular:
                caption = "regular interval"
                kind = "regular"
            }
            s += "<figure class=\"thumb \(kind)\" data-time=\"\(HTMLText.number(thumb.time, decimals: 3))\">"
            s += image(thumb.depthPNG, alt: "depth", thumb)
            s += image(thumb.confidencePNG, alt: "confidence", thumb)
            s += "<figcaption>\(HTMLText.number(thumb.time, decimals: 2)) s<br>\(HTMLText.escape(caption))</figcaption></figure>\n"
        }
        return s + "</div>\n"
    }

    private static func image(_ png: [UInt8], alt: String, _ thumb: DepthThumbnail) -> String {
        guard !png.isEmpty else { return "" }
        return "<img width=\"\(thumb.width * 2)\" height=\"\(thumb.height * 2)\" alt=\"\(alt) at \(HTMLText.number(thumb.time, decimals: 2)) s\" src=\"data:image/png;base64,\(Data(png).base64EncodedString())\">"
    }
}

