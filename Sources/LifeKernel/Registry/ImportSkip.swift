/// Thrown by a product's `prepareImport` to leave a row out of an import
/// without refusing the file: the row brings nothing this database lacks (a
/// walk whose GPX file is already imported here as another walk). The
/// import reports it and goes on.
package struct ImportSkip: Error, Sendable {
    package let existingId: String?
    package let reason: String

    package init(existingId: String?, reason: String) {
        self.existingId = existingId
        self.reason = reason
    }
}
