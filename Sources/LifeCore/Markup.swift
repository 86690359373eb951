/// Text for XML, SVG and HTML documents the products write (the poster, the
/// doodles and gallery, GPX exports).
public enum Markup {
    /// Character data or an attribute value with the five characters that
    /// mean something in markup escaped, so a name can never open a tag or end
    /// an attribute. `&#39;` rather than `&apos;`, which HTML 4 lacks.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
