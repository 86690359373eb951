import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// A record as one JSON line of a bundle (docs/sync.md, section 8) or as
/// `sync_parked.record`: `t` table, `k` identity, `cl`, `v` version, `u`
/// the unit versions that differ from `v`, `d` the carried units' values.
/// Sites are written by the caller (an index into the bundle's site list,
/// or the site's id for a parked record).
struct SyncRecordCoding {
    let catalog: SyncCatalog
    /// Turns a sealed column's text into the `{"sealed": …}` payload, given
    /// the table, the column and the identity's JSON; nil: never seal.
    var seal: ((_ table: String, _ column: String, _ identity: String, _ text: String) throws -> String)?
    var unseal: ((_ table: String, _ column: String, _ identity: String, _ sealed: String) throws -> String)?

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
    static func value(_ json: SyncJSON, type: String?, field: String) throws -> DatabaseValue {
        switch json {
        case .null: return .null
        case .integer(let number): return type == "REAL" ? .real(Double(number)) : .integer(number)
        case .real(let number):
            if type == "INTEGER", number.rounded() == number, abs(number) < 9e15 { return .integer(Int64(number)) }
            return .real(number)
        case .string(let text):
            if let scalar = TextRule.forbiddenScalar(in: text) {
                throw LifeError.malformed(
                    "\(field) holds the control character \(TextRule.codePoint(scalar)); only newline and tab are allowed in text",
                    field: field)
            }
            return .text(text)
        case .object(let members):
            if members.count == 1, case .string(let text)? = members["base64"], let data = Data(base64Encoded: text) {
                return .blob(data)
            }
            throw LifeError.malformed("\(field) is an object that is not a value", field: field)
        default:
            throw LifeError.malformed("\(field) is not a value (null, a number, text or bytes)", field: field)
        }
    }

    static func identityJSON(_ identity: [DatabaseValue]) -> String {
        SyncJSON.array(identity.map(json)).text
    }

    // MARK: Records

    func encode(_ record: SyncRecord, site: (SiteID) throws -> SyncJSON, sealing: Bool) throws -> SyncJSON {
        guard let table = catalog.table(named: record.table) else {
            throw LifeError.bug("\(record.table) is not a synced table")
        }
        var object: [String: SyncJSON] = [
            "t": .string(record.table), "k": .array(record.identity.map(Self.json)), "cl": .integer(record.cl),
            "v": .array([.integer(record.version.hlc), try site(record.version.site)]),
        ]
        guard record.isAlive else { return .object(object) }
        var versions: [String: SyncJSON] = [:]
        var data: [String: SyncJSON] = [:]
        let identity = Self.identityJSON(record.identity)
        let sealed =
            sealing && seal != nil && table.spec.sealedUntil.map { (record.values[$0] ?? .null).isNull } == true
        for unit in table.units {
            guard let version = record.units[unit.name] else { continue }
            if version != record.version {
                versions[unit.name] = .array([.integer(version.hlc), try site(version.site)])
            }
            for column in unit.columns {
                let value = record.values[column] ?? .null
                if sealed, table.sealedColumns.contains(column), case .text(let text) = value, let seal {
                    data[column] = .object(["sealed": .string(try seal(table.name, column, identity, text))])
                } else {
                    data[column] = Self.json(value)
                }
            }
        }
        object["u"] = .object(versions)
        object["d"] = .object(data)
        return .object(object)
    }

    /// Reads a record; `site` resolves a `v`/`u` site, `label` names the
    /// line in errors. Every table, column and unit must be known here.
    func decode(_ json: SyncJSON, label: String, site: (SyncJSON) throws -> SiteID) throws -> SyncRecord {
        func malformed(_ message: String) -> LifeError {
            LifeError.malformed("\(label) \(message)", field: "bundle")
        }
        guard case .object(let object) = json else { throw malformed("is not an object") }
        for key in object.keys where !["t", "k", "cl", "v", "u", "d"].contains(key) {
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
        guard case .integer(let cl)? = object["cl"], cl >= 1 else { throw malformed("has no causal length (cl) ≥ 1") }
        func version(_ json: SyncJSON?, _ what: String) throws -> SyncVersion {
            guard case .array(let pair)? = json, pair.count == 2, case .integer(let hlc) = pair[0], hlc >= 0 else {
                throw malformed("has no version \(what) as [hlc, site]")
            }
            return SyncVersion(hlc: hlc, site: try site(pair[1]))
        }
        var record = SyncRecord(table: name, identity: identity, cl: cl, version: try version(object["v"], "(v)"))
        guard record.isAlive else {
            if object["u"] != nil || object["d"] != nil { throw malformed("is deleted but carries values") }
            return record
        }
        guard case .object(let versions)? = object["u"], case .object(let data)? = object["d"] else {
            throw malformed("is alive but has no units (u) and values (d)")
        }
        for column in data.keys where table.unit(of: column) == nil {
            throw malformed("has a value for '\(TerminalText.echoed(column))', which \(name) does not sync")
        }
        for unitName in versions.keys where table.unit(named: unitName) == nil {
            throw malformed("has a version for a unit '\(TerminalText.echoed(unitName))' that \(name) does not have")
        }
        let identityText = Self.identityJSON(identity)
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
                try versions[unit.name].map { try version($0, "for \(unit.name)") } ?? record.version
            for column in unit.columns {
                guard let value = data[column] else { continue }
                if case .object(let members) = value, members.count == 1, case .string(let payload)? = members["sealed"]
                {
                    guard table.sealedColumns.contains(column), let unseal else {
                        throw malformed("has \(column) sealed, which is never sealed")
                    }
                    record.values[column] = .text(try unseal(name, column, identityText, payload))
                } else {
                    record.values[column] = try Self.value(value, type: table.types[column], field: "\(name).\(column)")
                }
            }
        }
        return record
    }
}
