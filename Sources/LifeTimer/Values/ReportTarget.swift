import Foundation
import LifeCore

/// LT-8: what a report is about.
public enum ReportTarget: String, Sendable, Codable, CaseIterable {
    case account, goal, milestone
}
