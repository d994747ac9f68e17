/// The named parts of furniture and clutter shapes (what ``PatchOwner/part`` says), so that a part can be
/// given its own material (legs of metal, cushions of fabric, a screen black and glossy, ...).
public enum FurniturePart: String, Sendable, CaseIterable {
    /// The whole box of an object drawn as a plain box (`"shape": "box"`).
    case box
    /// A main carcass or body (a cabinet, an appliance, a sofa's base, a bathtub's shell).
    case body
    /// A table top, a counter top, a seat board.
    case top
    /// A leg or a post.
    case leg
    /// A chair's or sofa's back, a bed's headboard.
    case back
    /// A sofa's arm.
    case arm
    /// A seat or back cushion.
    case cushion
    /// A bed's mattress.
    case mattress
    /// A bed's duvet or cover.
    case cover
    /// A bed's pillow.
    case pillow
    /// A shelf board or a cubby divider.
    case shelf
    /// A side panel of a cabinet or shelving unit.
    case side
    /// A door or drawer front.
    case door
    /// A handle or knob.
    case handle
    /// A stove's or hob's burner.
    case burner
    /// A basin, bowl or the inner surface of a tub or sink.
    case basin
    /// A tap or faucet.
    case tap
    /// A toilet's cistern.
    case tank
    /// A toilet's seat or lid.
    case seat
    /// A screen (television, oven window, washer door).
    case screen
    /// A stand or base.
    case stand
    /// A step of stairs.
    case step
    /// A stair's stringer or rail.
    case rail
    /// A fireplace's firebox opening or hearth.
    case hearth
    /// A book.
    case book
    /// A plant's pot.
    case pot
    /// A plant's leaf or leaf cluster.
    case leaf
    /// A lamp's shade.
    case shade
    /// A lamp's pole.
    case pole
    /// A storage box or carton.
    case carton
}
