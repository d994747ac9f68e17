import CaptureEngine

/// Number text for error messages.
enum NumberFormattingShim {
    /// Up to three decimals, trailing zeros removed.
    static func text(_ value: Double) -> String { NumberFormatting.compact(value) }
}
