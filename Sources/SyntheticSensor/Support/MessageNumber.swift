import CaptureEngine
import JSONSupport

/// Numbers as error messages print them (up to three decimals, trailing zeros removed).
enum MessageNumber {
    /// Up to three decimals, trailing zeros removed.
    static func text(_ value: Double) -> String { NumberFormatting.compact(value) }
}
