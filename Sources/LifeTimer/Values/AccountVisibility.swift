import Foundation

/// LT-1: who may see an account besides itself.
public enum AccountVisibility: String, Sendable, Codable, CaseIterable {
    case `public`, `private`
}
