import Foundation
import LifeCore

/// A milestone named the way a person types it: goal number and position, `2.3`.
public struct MilestoneRef: Sendable, Equatable, CustomStringConvertible {
    public let goal: Int
    public let position: Int

    public init(goal: Int, position: Int) {
        self.goal = goal
        self.position = position
    }

    public static func parse(_ text: String, field: String, voice: LifeTimerVoice = .english) throws -> MilestoneRef {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let goal = Int(parts[0]), let position = Int(parts[1]), goal >= 1, position >= 1
        else {
            throw voice.invalid(field, .errorMilestoneRef, ["value": text])
        }
        return MilestoneRef(goal: goal, position: position)
    }

    public var description: String { "\(goal).\(position)" }
}
