import Foundation
import LifeCore

/// A lint of row-level security over the server's catalogue (SPEC REL-8,
/// SRV-1), after Supabase's published pitfalls (docs/server.md): each rule
/// has cost someone two or three orders of magnitude, or a leak.
///
/// Over the tables, views, policies and functions of the schemas given:
/// - every table has row-level security enabled;
/// - every policy applies `TO authenticated` only (anon gets nothing);
/// - every call of a function without arguments in a policy or a view
///   (`auth.uid()`, `is_admin()`) is wrapped in a sub-select, so it runs once
///   per statement, not once per row;
/// - every column a policy reads, booleans aside, leads an index of its
///   table (a flag is never worth an index);
/// - every view is `security_invoker` (a view otherwise reads as its owner,
///   past every policy);
/// - no policy or view tests membership with `= ANY (ARRAY(SELECT …))`, which
///   is evaluated row by row (568 ms against 21 ms for `IN (SELECT …)`,
///   docs/server.md);
/// - every security-definer function fixes its `search_path`.
/// It knows no product: the schemas are its input.
public enum RLSLint {
    public struct Finding: Sendable, Equatable, Codable, CustomStringConvertible {
        /// `rls_disabled`, `policy_role`, `unwrapped_call`, `unindexed_column`,
        /// `view_not_invoker`, `any_array`, `definer_search_path`.
        public let rule: String
        /// The object: `schema.table`, `schema.table.policy`, `schema.function`.
        public let object: String
        public let detail: String

        public var description: String { "\(rule): \(object): \(detail)" }
    }

    /// Every finding in `schemas`, sorted; empty when the schema is clean.
    public static func findings(_ connection: PostgresConnection, schemas: [String]) throws -> [Finding] {
        let names = PostgresArray(schemas)
        var findings: [Finding] = []
        for row in try connection.rows(
            """
            SELECT n.nspname || '.' || c.relname AS object FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
            WHERE n.nspname = ANY ($1::text[]) AND c.relkind IN ('r', 'p') AND NOT c.relrowsecurity
            """, [names])
        {
            findings.append(
                Finding(rule: "rls_disabled", object: try row["object"], detail: "row-level security is off"))
        }
        let policies = try connection.rows(
            """
            SELECT p.schemaname || '.' || p.tablename || '.' || p.policyname AS object, p.roles::text[] AS roles,
                   coalesce(p.qual, '') || ' ' || coalesce(p.with_check, '') AS expression
            FROM pg_policies AS p WHERE p.schemaname = ANY ($1::text[])
            """, [names])
        for row in policies {
            let object: String = try row["object"]
            let roles: String = try row["roles"]
            if roles != "{authenticated}" {
                findings.append(
                    Finding(
                        rule: "policy_role", object: object, detail: "applies to \(roles), not to authenticated only"))
            }
            let expression: String = try row["expression"]
            findings += unwrappedCalls(in: expression, object: object)
            if anyArray(in: expression) {
                findings.append(Finding(rule: "any_array", object: object, detail: "uses = ANY (ARRAY(SELECT …))"))
            }
        }
        for row in try connection.rows(
            """
            SELECT n.nspname || '.' || c.relname AS object, pg_get_viewdef(c.oid) AS definition,
                   coalesce(c.reloptions::text[], '{}') AS options
            FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
            WHERE n.nspname = ANY ($1::text[]) AND c.relkind = 'v'
            """, [names])
        {
            let object: String = try row["object"]
            let options: String = try row["options"]
            if !(options.contains("security_invoker=true") || options.contains("security_invoker=on")) {
                findings.append(
                    Finding(rule: "view_not_invoker", object: object, detail: "reads as its owner, past the policies"))
            }
            let definition: String = try row["definition"]
            findings += unwrappedCalls(in: definition, object: object)
            if anyArray(in: definition) {
                findings.append(Finding(rule: "any_array", object: object, detail: "uses = ANY (ARRAY(SELECT …))"))
            }
        }
        // The columns each policy reads, from the dependencies PostgreSQL
        // records for its expressions, and whether an index leads with them.
        for row in try connection.rows(
            """
            SELECT DISTINCT p.schemaname || '.' || p.tablename || '.' || p.policyname AS object,
                   rn.nspname || '.' || rc.relname || '.' || a.attname AS column_name,
                   EXISTS (SELECT 1 FROM pg_index AS i WHERE i.indrelid = d.refobjid AND i.indkey[0] = d.refobjsubid) AS indexed
            FROM pg_policies AS p
            JOIN pg_policy AS pol ON pol.polname = p.policyname
            JOIN pg_class AS pc ON pc.oid = pol.polrelid AND pc.relname = p.tablename
            JOIN pg_namespace AS pn ON pn.oid = pc.relnamespace AND pn.nspname = p.schemaname
            JOIN pg_depend AS d ON d.classid = 'pg_policy'::regclass AND d.objid = pol.oid
                AND d.refclassid = 'pg_class'::regclass AND d.refobjsubid > 0
            JOIN pg_class AS rc ON rc.oid = d.refobjid
            JOIN pg_namespace AS rn ON rn.oid = rc.relnamespace
            JOIN pg_attribute AS a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
            WHERE p.schemaname = ANY ($1::text[]) AND a.atttypid <> 'boolean'::regtype
            """, [names])
        where try !row.get("indexed", as: Bool.self) {
            findings.append(
                Finding(
                    rule: "unindexed_column", object: try row["object"],
                    detail: "reads \(try row.get("column_name", as: String.self)), which leads no index"))
        }
        for row in try connection.rows(
            """
            SELECT n.nspname || '.' || p.proname AS object FROM pg_proc AS p JOIN pg_namespace AS n ON n.oid = p.pronamespace
            WHERE n.nspname = ANY ($1::text[]) AND p.prosecdef
              AND NOT EXISTS (SELECT 1 FROM unnest(coalesce(p.proconfig, '{}')) AS setting WHERE setting LIKE 'search_path=%')
            """, [names])
        {
            findings.append(
                Finding(
                    rule: "definer_search_path", object: try row["object"],
                    detail: "a security-definer function without a fixed search_path"))
        }
        return findings.sorted { ($0.rule, $0.object, $0.detail) < ($1.rule, $1.object, $1.detail) }
    }

    /// Calls without arguments (`auth.uid()`, `lifectl.is_admin()`) in
    /// deparsed SQL that are not the whole of a sub-select: PostgreSQL
    /// deparses `(SELECT auth.uid())` as `( SELECT auth.uid() AS uid)`.
    static func unwrappedCalls(in sql: String, object: String) -> [Finding] {
        guard let call = try? NSRegularExpression(pattern: #"([A-Za-z_][A-Za-z0-9_]*\.)?[A-Za-z_][A-Za-z0-9_]*\(\)"#)
        else { return [] }
        var findings: [Finding] = []
        let text = sql as NSString
        for match in call.matches(in: sql, range: NSRange(location: 0, length: text.length)) {
            let before = text.substring(to: match.range.location)
            let name = text.substring(with: match.range)
            if !before.hasSuffix("SELECT ") {
                findings.append(
                    Finding(
                        rule: "unwrapped_call", object: object,
                        detail: "calls \(name) once per row; wrap it: (SELECT \(name))"))
            }
        }
        return findings
    }

    static func anyArray(in sql: String) -> Bool {
        sql.range(of: #"ANY\s*\(\s*ARRAY\s*\("#, options: [.regularExpression, .caseInsensitive]) != nil
    }
}
