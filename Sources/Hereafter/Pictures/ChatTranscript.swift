import LifeCore

/// The chat as text for a terminal (SPEC HA-7): the host on the left, the
/// owner on the right. A locked message shows a lock, its unlock date, its
/// place and planted date, and nothing of its words.
public enum ChatTranscript {
    /// Columns of the whole transcript, and of a bubble's text.
    public static let width = 78
    static let bubbleWidth = 46
    static let hostPrefix = "Hereafter  "

    /// With `ansiColor` (a terminal, `NO_COLOR` unset), a locked bubble is
    /// dimmed: muted, as HA-7 asks.
    public static func render(_ lines: [ChatLine], ansiColor: Bool = false) -> String {
        var out: [String] = []
        for line in lines {
            if let sentence = line.sentence {
                let wrapped = wrap(sentence, width: width - hostPrefix.count)
                for (i, part) in wrapped.enumerated() {
                    out.append((i == 0 ? hostPrefix : String(repeating: " ", count: hostPrefix.count)) + part)
                }
            } else if let message = line.message {
                let muted = ansiColor && message.content.isLocked
                for part in bubble(message, later: line.later) {
                    out.append(muted ? "\u{1B}[2m" + right(part) + "\u{1B}[0m" : right(part))
                }
            }
            out.append("")
        }
        while out.last == "" { out.removeLast() }
        return out.joined(separator: "\n")
    }

    /// The owner's bubble, line by line.
    static func bubble(_ message: HereafterMessage, later: TimeLater?) -> [String] {
        var parts: [String] = []
        if let later { parts.append("↩ reply, \(later.phrase)") }
        let place = "\(message.placeLabel) · \(HereafterHost.longDate(message.plantedOn))"
        switch message.content {
        case .locked:
            parts.append("🔒 locked until \(message.unlockDate.map(HereafterHost.longDate) ?? "?")")
            parts += wrap(place, width: bubbleWidth)
        case .readable(let text, let photo):
            for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
                parts += wrap(String(paragraph), width: bubbleWidth)
            }
            if let photo { parts.append("[photo, \(photo.mediaType.label)]") }
            parts += wrap("— " + place, width: bubbleWidth)
        }
        return parts
    }

    static func right(_ text: String) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// Word wrap at `width` characters; a word longer than that is cut.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            while word.count > width {
                if !current.isEmpty { lines.append(current); current = "" }
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
