import Foundation
import LifeKitTestSupport
import LifeServer
import LifeTimerServer
import ServerTestSupport
import Testing

/// REL-8's lint: the migrated schema has 0 findings, and each rule fires on
/// a schema made to break it (so the lint can fail).
@Suite(.tags(.server), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
struct RLSLintTests {
    @Test func theServerSchemaHasNoFindings() throws {
        let database = try TestServer.database()
        defer { database.drop() }
        let findings = try RLSLint.findings(try database.connect(), schemas: LifeTimerServerSchema.schemas)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test func everyRuleFiresOnASchemaThatBreaksIt() throws {
        let database = try TestServer.database()
        defer { database.drop() }
        let connection = try database.connect()
        try connection.execute(
            """
            CREATE SCHEMA lint;
            CREATE TABLE lint.open (id uuid PRIMARY KEY);
            CREATE TABLE lint.notes (id uuid PRIMARY KEY, owner_id uuid NOT NULL, team_id uuid, shared boolean);
            ALTER TABLE lint.notes ENABLE ROW LEVEL SECURITY;
            CREATE POLICY everyone ON lint.notes FOR SELECT TO PUBLIC USING (owner_id = auth.uid());
            CREATE POLICY teams ON lint.notes FOR SELECT TO authenticated
                USING (shared AND team_id = ANY (ARRAY(SELECT n.team_id FROM lint.notes AS n WHERE n.owner_id = (SELECT auth.uid()))));
            CREATE VIEW lint.everything AS SELECT * FROM lint.notes;
            CREATE FUNCTION lint.sneaky() RETURNS integer LANGUAGE sql SECURITY DEFINER AS $$ SELECT 1 $$;
            """)
        let found = Set(
            try RLSLint.findings(connection, schemas: ["lint"]).map { "\($0.rule) \($0.object)" })
        let expected: Set<String> = [
            "rls_disabled lint.open",
            "policy_role lint.notes.everyone",
            "unwrapped_call lint.notes.everyone",
            "unindexed_column lint.notes.everyone",
            "unindexed_column lint.notes.teams",
            "any_array lint.notes.teams",
            "view_not_invoker lint.everything",
            "definer_search_path lint.sneaky",
        ]
        #expect(found == expected)
    }
}
