/// A rule over the records of one group of a synced table, resolved the same
/// way on every device from the merged records alone (SPEC SYNC-6;
/// docs/sync.md, section 7): LifeTimer's goals of one account are numbered
/// by the time they were made, at most 20 are ever admitted, and once the
/// account's countdown exists the list is locked.
///
/// The sync engine evaluates it; a product only declares it, so that no
/// device decides by what it happened to receive first.
package struct SyncGroupRule: Sendable {
    /// The columns whose values name a group (a goal's `account_id`).
    package let group: [String]
    /// The local-only column that receives each record's number: 1, 2, …
    /// in the order the group's records were created (their creation's
    /// version), every record ever made counting, deleted or kept out.
    package let numberColumn: String
    /// Columns that order records created at one version (one transaction
    /// made several), before their identity.
    package let tiebreak: [String]
    /// Records numbered above this are kept out.
    package let limit: Int
    /// A parent's local-only column that holds how many records the group
    /// has (at most `limit`): the next record made here is numbered one more.
    package let counter: Counter?
    /// A table whose record with the group's values as its identity locks
    /// the group once it is alive (an account's countdown): a record created
    /// after that record's creation is kept out, and a deletion later than
    /// it does not count.
    package let lock: String?
    /// Why a record numbered above the limit is kept out, in the product's words.
    package let reasonOverLimit: String
    /// Why a record created after the lock is kept out, in the product's words.
    package let reasonAfterLock: String

    package struct Counter: Sendable {
        package let table: String
        package let column: String
        /// The parent's columns that match `group`, in its order.
        package let key: [String]

        package init(table: String, column: String, key: [String]) {
            self.table = table
            self.column = column
            self.key = key
        }
    }

    package init(
        group: [String], numberColumn: String, tiebreak: [String], limit: Int, counter: Counter?, lock: String?,
        reasonOverLimit: String, reasonAfterLock: String
    ) {
        self.reasonOverLimit = reasonOverLimit
        self.reasonAfterLock = reasonAfterLock
        self.group = group
        self.numberColumn = numberColumn
        self.tiebreak = tiebreak
        self.limit = limit
        self.counter = counter
        self.lock = lock
    }
}
