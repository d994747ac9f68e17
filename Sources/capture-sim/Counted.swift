/// A count with its noun in the right number: "1 event", "3 events".
enum Counted {
    static func text(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
