import Foundation
import Testing

/// The shared GPX fixtures, `../shared/fixtures/gpx` from the package root;
/// tests that read them are disabled, with this message, when it is absent.
enum Fixtures {
    static let gpxFolder: String = {
        let testFile = URL(fileURLWithPath: #filePath)
        let root = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.deletingLastPathComponent().appendingPathComponent("shared/fixtures/gpx").path
    }()

    static var available: Bool { FileManager.default.fileExists(atPath: gpxFolder) }

    static let missingMessage: Comment = "../shared/fixtures/gpx is absent: fixture tests skipped"

    static func path(_ name: String) -> String { gpxFolder + "/" + name }
}
