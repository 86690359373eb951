import Foundation
import LifeCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses an SVG (or XHTML-like) document with Foundation's `XMLParser` and
/// keeps every element's name and attributes, and the text inside `text`
/// elements; parsing fails for a document that is not well-formed XML.
final class SVGScan: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
    }

    var elements: [Element] = []
    var texts: [String] = []
    private var text: String?

    static func parse(_ document: String) throws -> SVGScan {
        let scan = SVGScan()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = scan
        guard parser.parse() else {
            throw LifeError.malformed("not well-formed XML: \(String(describing: parser.parserError))")
        }
        return scan
    }

    func named(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    /// Every value of attribute `name`, as numbers.
    func numbers(_ name: String) -> [Double] {
        elements.compactMap { $0.attributes[name] }.compactMap(Double.init)
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(Element(name: elementName, attributes: attributes))
        if elementName == "text" { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "text", let text { texts.append(text) }
        text = nil
    }
}
