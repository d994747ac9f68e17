/// What the host app tells the SDK about the scan: property type, address, and the bundle's identity.
/// Written into `arkitData.json` and `config.json`.
public struct ScanMetadata: Codable, Equatable, Sendable {
    /// The scan's unique id; the zip is `<uid>.zip`.
    public var uid: String
    /// *SDK doc (2.10)*: the property type, required before scanning (e.g. "apartment", "house").
    public var propertyType: String
    /// The address fields of `CCCapture` (all optional strings).
    public var address: Address
    /// Heading of the world's -Z axis relative to true north, degrees clockwise (with the azimuth option).
    public var azimuthDegrees: Double?
    /// SDK version written into the bundle.
    public var sdkVersion: String
    /// Data format version written into the bundle.
    public var dataVersion: String

    public init(uid: String = "00000000-0000-0000-0000-000000000000", propertyType: String = "apartment",
                address: Address = Address(), azimuthDegrees: Double? = nil,
                sdkVersion: String = "2.10.0", dataVersion: String = "1") {
        self.uid = uid
        self.propertyType = propertyType
        self.address = address
        self.azimuthDegrees = azimuthDegrees
        self.sdkVersion = sdkVersion
        self.dataVersion = dataVersion
    }

    /// `CCCapture`'s address fields.
    public struct Address: Codable, Equatable, Sendable {
        public var number: String?
        public var street: String?
        public var postCode: String?
        public var city: String?
        public var state: String?
        public var country: String?
        public var suite: String?
        public init(number: String? = nil, street: String? = nil, postCode: String? = nil, city: String? = nil,
                    state: String? = nil, country: String? = nil, suite: String? = nil) {
            self.number = number; self.street = street; self.postCode = postCode; self.city = city
            self.state = state; self.country = country; self.suite = suite
        }
    }
}
