import Foundation

/// LT-1: where the account signs in. No password is ever stored; the
/// provider holds the secret and the subject is its id for this person.
public enum IdentityProvider: String, Sendable, Codable, CaseIterable {
    case email, google, apple
}
