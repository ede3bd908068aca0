import CScratch

/// The process-wide decode memory budget (C: `ps_budget.h`), shared by every decoder on every thread.
///
/// Before allocating what a file's header asks for, a decode reserves those bytes (its output, its working
/// memory, and the copies its caller will make); it waits while other decodes hold the budget and is refused
/// (`.tooLarge`) when it needs more than the whole of it. So N hostile files decoded on N threads never add up
/// to more than `totalBytes`. The C shims reserve for themselves and hand back `reservedBytes` for the output,
/// which Swift releases (`release`) once it is done with its copies; a Swift-side decoder uses `reserve`.
public enum DecodeBudget {
    /// The total, bytes (default 256 MiB). Setting it affects every later reservation.
    public static var totalBytes: Int {
        get { Int(ps_budget_total()) }
        set { ps_budget_set_total(Int64(newValue)) }
    }

    /// Bytes reserved now.
    public static var bytesInUse: Int { Int(ps_budget_in_use()) }

    /// The most bytes reserved at once since `resetPeak()`.
    public static var peakBytes: Int { Int(ps_budget_peak()) }

    public static func resetPeak() { ps_budget_reset_peak() }

    /// How long a decode waits for others to release the budget before it gives up (`.busy`), milliseconds.
    public static let waitMilliseconds: Int32 = 30_000

    /// Reserves `bytes`; release exactly that later. Throws `.tooLarge` (more than the whole budget) or `.busy`.
    public static func reserve(_ bytes: Int, for what: String) throws(DecodeError) {
        switch Int32(ps_budget_reserve(Int64(bytes), waitMilliseconds)) {
        case Int32(PS_BUDGET_OK): return
        case Int32(PS_BUDGET_TOO_LARGE):
            throw .tooLarge("\(what) needs \(bytes >> 20) MB, over the \(totalBytes >> 20) MB decode memory budget")
        default:
            throw .busy("\(what) waited too long for the decode memory budget")
        }
    }

    /// Gives back `bytes` reserved earlier (by `reserve` or by a C shim, `reserved_bytes`).
    public static func release(_ bytes: Int) { ps_budget_release(Int64(bytes)) }
}
