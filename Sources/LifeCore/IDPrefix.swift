/// An id as a person types it (CORE-10 ids are lower-case UUIDs): the whole
/// id, or its first 4 or more characters, as `git` takes commits.
public enum IDPrefix {
    /// The shortest prefix accepted: 4 hexadecimal digits name one of 65,536.
    public static let minimumLength = 4

    /// `text` trimmed and lower-cased, or an error naming `field` when it
    /// cannot be the start of an id (`noun` says what kind: "walk", "message").
    public static func normalized(_ text: String, field: String, noun: String) throws -> String {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard (minimumLength...36).contains(key.count), key.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw LifeError.invalid(
                field: field,
                "\(field) is '\(text)'; expected a \(noun) id or its first \(minimumLength) or more characters")
        }
        return key
    }
}
