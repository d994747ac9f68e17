/// A flag declared once: `try parsed[key]` says whether it was given.
struct Flag: Sendable {
    let spec: OptionSpec

    static func flag(_ name: String, _ help: String) -> Flag { Flag(spec: .flag(name, help)) }
}
