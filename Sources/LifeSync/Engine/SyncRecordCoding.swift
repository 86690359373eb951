import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// A record as one JSON line of a bundle (docs/sync.md, section 8): `t`
/// table, `k` identity, `c` the creation's version, `b` its base (when not
/// 0), `w` the latest creation (when later), `x` the latest deletion (when
/// any), `u` the unit versions that differ from `c`, `d` the carried
/// units' values. Sites are written by the caller (an index into the
/// bundle's site list). Format 1 (before 0032: `cl`, `v`) is still read.
struct SyncRecordCoding {
    let catalog: SyncCatalog
    /// The bundle format being read (`SyncBundleHeader.version`).
    var formatVersion = SyncBundleHeader.currentVersion
    /// Turns a sealed column's text into the `{"sealed": …}` payload, given
    /// the table, the column and the identity's JSON; nil: never seal.
    var seal: ((_ table: String, _ column: String, _ identity: String, _ text: String) throws -> String)?
    var unseal: ((_ table: String, _ column: String, _ identity: String, _ sealed: String) throws -> String)?

    init(catalog: SyncCatalog, formatVersion: Int = SyncBundleHeader.currentVersion) {
        self.catalog = catalog
        self.formatVersion = formatVersion
    }

    // MARK: Values

    static func json(_ value: DatabaseValue) -> SyncJSON {
        switch value {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let text): .string(text)
        case .blob(let data): .object(["base64": .string(data.base64EncodedString())])
        }
    }

    /// A value read back, as the column's declared type stores it.
    static func value(_ json: SyncJSON, type: String?, field: @autoclosure () -> String) throws -> DatabaseValue {
        switch json {
        case .null: return .null
        case .integer(let number): return type == "REAL" ? .real(Double(number)) : .integer(number)
        case .real(let number):
            if type == "INTEGER", number.rounded() == number, abs(number) < 9e15 { return .integer(Int64(number)) }
            return .real(number)
        case .string(let text):
            if let scalar = TextRule.forbiddenScalar(in: text) {
                throw LifeError.malformed(
                    "\(field()) holds the control character \(TextRule.codePoint(scalar)); only newline and tab are allowed in text",
                    field: field())
            }
            return .text(text)
        case .object(let members):
            if members.count == 1, case .string(let text)? = members["base64"], let data = Data(base64Encoded: text) {
                return .blob(data)
            }
            throw LifeError.malformed("\(field()) is an object that is not a value", field: field())
        default:
            throw LifeError.malformed("\(field()) is not a value (null, a number, text or bytes)", field: field())
        }
    }

    /// The fields of a record line, by format.
    static let fields: Set<String> = ["t", "k", "c", "b", "w", "x", "u", "d"]
    static let fieldsOfFormat1: Set<String> = ["t", "k", "cl", "v", "u", "d"]

    static func identityJSON(_ identity: [DatabaseValue]) -> String {
        SyncJSON.array(identity.map(json)).text
    }

    // MARK: Records

    /// One record line. `sending`: the units to carry (all known ones when nil).
    func encode(_ record: SyncRecord, sending: Set<String>? = nil, site: (SiteID) throws -> SyncJSON) throws
        -> SyncJSON
    {
        guard let table = catalog.table(named: record.table) else {
            throw LifeError.bug("\(record.table) is not a synced table")
        }
        func version(_ version: SyncVersion) throws -> SyncJSON {
            .array([.integer(version.hlc), try site(version.site)])
        }
        var object: [String: SyncJSON] = [
            "t": .string(record.table), "k": .array(record.identity.map(Self.json)),
            "c": try version(record.creation),
        ]
        if record.base != 0 { object["b"] = .integer(record.base) }
        if let latest = record.latestCreation { object["w"] = try version(latest) }
        if let deletion = record.deletion { object["x"] = try version(deletion) }
        var versions: [String: SyncJSON] = [:]
        var data: [String: SyncJSON] = [:]
        let sealed = seal != nil && table.spec.sealedUntil.map { (record.values[$0] ?? .null).isNull } == true
        for unit in table.units {
            guard let unitVersion = record.units[unit.name], sending?.contains(unit.name) ?? true else { continue }
            if unitVersion != record.creation { versions[unit.name] = try version(unitVersion) }
            for column in unit.columns {
                let value = record.values[column] ?? .null
                if sealed, table.sealedColumns.contains(column), case .text(let text) = value, let seal {
                    data[column] = .object([
                        "sealed": .string(try seal(table.name, column, Self.identityJSON(record.identity), text))
                    ])
                } else {
                    data[column] = Self.json(value)
                }
            }
        }
        if !data.isEmpty {
            object["u"] = .object(versions)
            object["d"] = .object(data)
        }
        return .object(object)
    }

    /// Reads a record; `site` resolves a version's site, `label` names the
    /// line in errors. Every table, column and unit must be known here.
    func decode(_ json: SyncJSON, label: String, site: (SyncJSON) throws -> SiteID) throws -> SyncRecord {
        func malformed(_ message: String) -> LifeError {
            LifeError.malformed("\(label) \(message)", field: "bundle")
        }
        guard case .object(let object) = json else { throw malformed("is not an object") }
        let fields = formatVersion == 1 ? Self.fieldsOfFormat1 : Self.fields
        for key in object.keys where !fields.contains(key) {
            throw malformed("has a field '\(TerminalText.echoed(key))' that a record does not have")
        }
        guard case .string(let name)? = object["t"] else { throw malformed("has no table (t)") }
        guard let table = catalog.table(named: name) else {
            throw malformed("names a table '\(TerminalText.echoed(name))' that this build does not sync")
        }
        guard case .array(let keys)? = object["k"], keys.count == table.identity.count else {
            throw malformed("has no identity (k) of \(table.identity.count) value(s) for \(name)")
        }
        let identity = try zip(table.identity, keys).map { column, key in
            try Self.value(key, type: table.types[column], field: "\(name).\(column)")
        }
        guard !identity.contains(where: \.isNull) else { throw malformed("has a null in its identity") }
        func version(_ json: SyncJSON?, _ what: String) throws -> SyncVersion {
            guard case .array(let pair)? = json, pair.count == 2, case .integer(let hlc) = pair[0], hlc >= 0 else {
                throw malformed("has no version \(what) as [hlc, site]")
            }
            return SyncVersion(hlc: hlc, site: try site(pair[1]))
        }
        var record: SyncRecord
        if formatVersion == 1 {
            // Format 1: a causal length and the version of the last creation
            // or deletion. An odd one is alive (re-created after a deletion
            // when 3 or more), an even one deleted at its version.
            guard case .integer(let cl)? = object["cl"], cl >= 1 else {
                throw malformed("has no causal length (cl) ≥ 1")
            }
            let v = try version(object["v"], "(v)")
            record = SyncRecord(
                table: name, identity: identity, creation: v, base: cl >= 3 && cl % 2 == 1 ? v.hlc - 1 : 0)
            if cl % 2 == 0 { record.deletion = v }
        } else {
            record = SyncRecord(table: name, identity: identity, creation: try version(object["c"], "(c)"))
            if let base = object["b"] {
                guard case .integer(let value) = base, value > 0 else {
                    throw malformed("has a base (b) that is not a clock")
                }
                record.base = value
            }
            if object["w"] != nil { record.latestCreation = try version(object["w"], "(w)") }
            if object["x"] != nil { record.deletion = try version(object["x"], "(x)") }
        }
        guard object["u"] != nil || object["d"] != nil else { return record }
        guard case .object(let versions)? = object["u"], case .object(let data)? = object["d"] else {
            throw malformed("has units (u) without values (d), or values without units")
        }
        for column in data.keys where table.unit(of: column) == nil {
            throw malformed("has a value for '\(TerminalText.echoed(column))', which \(name) does not sync")
        }
        for unitName in versions.keys where table.unit(named: unitName) == nil {
            throw malformed("has a version for a unit '\(TerminalText.echoed(unitName))' that \(name) does not have")
        }
        record.values.reserveCapacity(table.travellingColumns.count)
        record.units.reserveCapacity(table.units.count)
        for (column, value) in zip(table.identity, identity) { record.values[column] = value }
        for unit in table.units {
            let present = unit.columns.filter { data[$0] != nil }
            if present.isEmpty {
                if versions[unit.name] != nil { throw malformed("has a version for \(unit.name) without its values") }
                continue
            }
            guard present.count == unit.columns.count else {
                throw malformed("carries part of the unit \(unit.name) (\(present.joined(separator: ", ")))")
            }
            record.units[unit.name] =
                try versions[unit.name].map { try version($0, "for \(unit.name)") } ?? record.creation
            for column in unit.columns {
                guard let value = data[column] else { continue }
                if case .object(let members) = value, members.count == 1, case .string(let payload)? = members["sealed"]
                {
                    guard table.sealedColumns.contains(column), let unseal else {
                        throw malformed("has \(column) sealed, which is never sealed")
                    }
                    record.values[column] = .text(try unseal(name, column, Self.identityJSON(identity), payload))
                } else {
                    record.values[column] = try Self.value(value, type: table.types[column], field: "\(name).\(column)")
                }
            }
        }
        return record
    }
}
