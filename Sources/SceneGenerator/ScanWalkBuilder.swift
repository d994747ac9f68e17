import CaptureEngine
import Foundation
import JSONSupport

/// Writes the script of a generated scan: present the phone in the first room, turn it to landscape,
/// record, scan each room from its middle with slow 90-degree turns (3 s each, about 30 degrees/s) with
/// the phone tilted 20 degrees down, walk from room to room through the doors (depth first, back the
/// same way), stop. Injected events go into the rooms chosen for them.
struct ScanWalkBuilder {
    /// The injected events, in the order they happen.
    enum Injected: String, Sendable {
        case fastTurn, sidewaysWalk, trackingLoss

        /// The codes the engine answers with, in order.
        var codes: [Int] {
            switch self {
            case .fastTurn: return [87]
            case .sidewaysWalk: return [30, 27]
            case .trackingLoss: return [28]
            }
        }
    }

    /// Distance from a door to the points where the walk turns to go through it, metres.
    static let doorApproach = 0.9
    /// Length of an injected sideways walk, metres.
    static let sidewaysMeters = 2.0

    let rooms: [PlanRoom]
    /// Room of each injected event.
    var fastTurnRoom: Int?, sidewaysRoom: Int?, trackingLossRoom: Int?
    /// Axis of the sideways walk (unit, on the plan).
    var sidewaysAxis = SIMD2<Double>(1, 0)
    private(set) var steps: [JSONValue] = []
    private(set) var injected: [Injected] = []
    private var position = SIMD2<Double>(0, 0)
    private var heading = 0.0
    private var turnSign = 1.0

    init(rooms: [PlanRoom], settings: GeneratorSettings, random: inout GeneratorRandom) {
        self.rooms = rooms
        if random.unit() < settings.fastTurnRate { fastTurnRoom = random.int(below: rooms.count) }
        if random.unit() < settings.trackingLossRate { trackingLossRoom = random.int(below: rooms.count) }
        if random.unit() < settings.sidewaysWalkRate {
            let wide = rooms.indices.filter { max(rooms[$0].rects[0].width, rooms[$0].rects[0].depth) >= Self.sidewaysMeters + 1.5 }
            if !wide.isEmpty {
                let r = wide[random.int(below: wide.count)]
                sidewaysRoom = r
                sidewaysAxis = rooms[r].rects[0].width >= rooms[r].rects[0].depth ? SIMD2(1, 0) : SIMD2(0, 1)
            }
        }
        turnSign = random.unit() < 0.5 ? 1 : -1
    }

    /// The floor the walk needs, for the furnisher.
    var reservation: WalkReservation {
        var r = WalkReservation()
        for (i, room) in rooms.enumerated() {
            r.reserve(room.scanPoint, room.scanPoint, radius: WalkReservation.scanClearance)
            if let parent = room.parent, let door = room.doorFromParent {
                let outer = door.centre - door.intoChild * Self.doorApproach, inner = door.centre + door.intoChild * Self.doorApproach
                r.reserve(rooms[parent].scanPoint, outer, radius: WalkReservation.pathClearance)
                r.reserve(outer, inner, radius: WalkReservation.pathClearance)
                r.reserve(inner, room.scanPoint, radius: WalkReservation.pathClearance)
            }
            if i == sidewaysRoom {
                let half = sidewaysAxis * (Self.sidewaysMeters / 2)
                r.reserve(room.scanPoint - half, room.scanPoint + half, radius: WalkReservation.pathClearance)
            }
        }
        return r
    }

    /// Builds the script.
    mutating func build() {
        position = rooms[0].scanPoint
        heading = 0
        steps = [
            step("present", ("position", point(position)), ("headingDegrees", .number(0)), ("pitchDegrees", .number(-20)),
                 ("orientation", .string("portrait"))),
            step("rotate", ("to", .string("landscapeRight")), ("seconds", .number(1.5))),
            step("pause", ("seconds", .number(1))),
            step("record"),
            step("pause", ("seconds", .number(1.5))),
        ]
        visit(0, returns: false)
        steps.append(step("pause", ("seconds", .number(1))))
        steps.append(step("stop", ("confirm", .bool(true))))
    }

    private mutating func visit(_ r: Int, returns: Bool) {
        scan(r)
        let children = rooms.indices.filter { rooms[$0].parent == r }
        for (k, c) in children.enumerated() {
            guard let door = rooms[c].doorFromParent else { continue }
            let outer = door.centre - door.intoChild * Self.doorApproach, inner = door.centre + door.intoChild * Self.doorApproach
            walk(to: outer)
            walk(to: inner)
            walk(to: rooms[c].scanPoint)
            let more = k < children.count - 1 || returns
            visit(c, returns: more)
            if more {
                walk(to: inner)
                walk(to: outer)
                walk(to: rooms[r].scanPoint)
            }
        }
    }

    /// The scan of a room from its scan point: four slow quarter turns, with the room's injected events.
    private mutating func scan(_ r: Int) {
        for quarter in 0..<4 {
            turn(turnSign * 90, seconds: 3)
            steps.append(step("pause", ("seconds", .number(0.5))))
            if quarter == 1 && r == fastTurnRoom {
                steps.append(step("pause", ("seconds", .number(0.5))))
                turn(120, seconds: 1.0)
                steps.append(step("pause", ("seconds", .number(2))))
                turn(-120, seconds: 4.0)
                steps.append(step("pause", ("seconds", .number(1))))
                injected.append(.fastTurn)
            }
        }
        if r == sidewaysRoom {
            let start = rooms[r].scanPoint - sidewaysAxis * (Self.sidewaysMeters / 2)
            walk(to: start)
            // Face so that the camera's right (cos h, -sin h) is the axis.
            turn(to: atan2(-sidewaysAxis.y, sidewaysAxis.x) * 180 / .pi)
            steps.append(step("pause", ("seconds", .number(1))))
            steps.append(step("walkSideways", ("direction", .string("right")), ("meters", .number(Self.sidewaysMeters)),
                              ("speed", .number(0.45))))
            position = start + sidewaysAxis * Self.sidewaysMeters
            steps.append(step("pause", ("seconds", .number(3))))
            injected.append(.sidewaysWalk)
            walk(to: rooms[r].scanPoint)
        }
        if r == trackingLossRoom {
            steps.append(step("trackingLost", ("seconds", .number(5)), ("relocates", .bool(true))))
            steps.append(step("pause", ("seconds", .number(2))))
            turn(turnSign * 90, seconds: 3)
            injected.append(.trackingLoss)
        }
    }

    private mutating func walk(to target: SIMD2<Double>) {
        let delta = target - position
        guard delta.planLength > 0.05 else { return }
        steps.append(step("walkTo", ("to", point(target)), ("speed", .number(0.5))))
        heading = atan2(-delta.x, -delta.y) * 180 / .pi
        position = target
    }

    private mutating func turn(_ degrees: Double, seconds: Double) {
        steps.append(step("turn", ("degrees", .number(degrees)), ("seconds", .number(seconds))))
        heading += degrees
    }

    /// Turns the shorter way to a heading, at about 30 degrees/s.
    private mutating func turn(to target: Double) {
        var delta = (target - heading).truncatingRemainder(dividingBy: 360)
        if delta > 180 { delta -= 360 }
        if delta <= -180 { delta += 360 }
        delta = delta.rounded()
        guard abs(delta) >= 1 else { return }
        turn(delta, seconds: max(1, (abs(delta) / 30).rounded()))
    }

    private func point(_ p: SIMD2<Double>) -> JSONValue {
        .array([.number(FloorPlanBuilder.rounded(p.x)), .number(FloorPlanBuilder.rounded(p.y))])
    }

    private func step(_ action: String, _ members: (String, JSONValue)...) -> JSONValue {
        .object([("action", .string(action))] + members)
    }
}
