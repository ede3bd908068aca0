import CX11
import Foundation
import Host

/// The app's side of the X11 CLIPBOARD selection, per ICCCM §2: it takes ownership with a real timestamp, answers
/// `SelectionRequest`s for `TARGETS`, `TIMESTAMP`, `MULTIPLE` and the offered formats (MIME names; text also as
/// `UTF8_STRING`), sends large data with the `INCR` protocol (`X11Clipboard+Incremental.swift`), hands deferred
/// formats to the app as `HostEvent.clipboardRequest` and answers when the app gives the bytes, and stops when
/// another client takes the selection (`SelectionClear` → `HostEvent.clipboardLost`).
///
/// Requests go to other clients' windows, which may vanish at any moment: their X errors are tolerated
/// (`X11ErrorHandlers.tolerating`), and a transfer whose window is destroyed is dropped.
final class X11Clipboard {
    let display: OpaquePointer
    let owner: Window
    let clipboardAtom: Atom, targetsAtom: Atom, timestampAtom: Atom, multipleAtom: Atom, incrAtom: Atom
    let atomPairAtom: Atom, utf8StringAtom: Atom
    /// Largest property written in one piece, bytes; larger data goes by INCR in pieces of this size.
    let chunkSize: Int
    /// The offer while the app owns the clipboard.
    private(set) var offer: ClipboardOffer?
    /// Target atom → the offer's format (MIME type, bytes or nil when deferred).
    private var formats: [Atom: ClipboardOffer.Format] = [:]
    /// The server time ownership was taken at.
    private(set) var ownedSince: Time = 0

    /// Where a conversion's answer goes.
    struct Reply {
        var requestor: Window, selection: Atom, target: Atom, property: Atom, time: Time
    }
    /// Deferred requests waiting for the app's bytes, by request id.
    private var waiting: [Int: Reply] = [:]
    private var nextRequestID = 1
    /// INCR transfers in progress, by requestor window and property.
    var transfers: [TransferKey: Transfer] = [:]
    struct TransferKey: Hashable { var window: Window; var property: Atom }
    struct Transfer { var data: [UInt8]; var type: Atom; var sent: Int }

    init(display: OpaquePointer, owner: Window) {
        self.display = display
        self.owner = owner
        func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        clipboardAtom = atom("CLIPBOARD"); targetsAtom = atom("TARGETS"); timestampAtom = atom("TIMESTAMP")
        multipleAtom = atom("MULTIPLE"); incrAtom = atom("INCR"); atomPairAtom = atom("ATOM_PAIR")
        utf8StringAtom = atom("UTF8_STRING")
        // The server's request limit (4-byte units), less room for the request header; at most 256 KiB a piece.
        let units = XExtendedMaxRequestSize(display) > 0 ? XExtendedMaxRequestSize(display) : XMaxRequestSize(display)
        chunkSize = max(4096, min(256 * 1024, units * 4 - 1024))
    }

    // MARK: Ownership

    /// Takes the CLIPBOARD selection for `offer` at server time `time` (that of the user's key or click).
    func offer(_ offer: ClipboardOffer, time: Time) {
        formats.removeAll()
        for f in offer.formats {
            formats[XInternAtom(display, f.mimeType, 0)] = f
            if f.mimeType == ClipboardOffer.plainText { formats[utf8StringAtom] = f }
        }
        self.offer = offer
        ownedSince = time
        dropPending()
        XSetSelectionOwner(display, clipboardAtom, owner, time)
        if XGetSelectionOwner(display, clipboardAtom) != owner {
            self.offer = nil
            formats.removeAll()
        }
        XFlush(display)
    }

    /// Answers deferred request `id` with `data` (nil refuses it).
    func answer(_ id: Int, data: [UInt8]?) {
        guard let reply = waiting.removeValue(forKey: id) else { return }
        let ok = data.map { write($0, type: reply.target, to: reply.requestor, property: reply.property) } ?? false
        notify(reply, success: ok)
        XFlush(display)
    }

    private func dropPending() {
        for (_, reply) in waiting { notify(reply, success: false) }
        waiting.removeAll()
        transfers.removeAll()
    }

    // MARK: Events

    /// Takes selection events for the owner window and property events of INCR transfers.
    func handle(_ event: inout XEvent, _ out: inout [HostEvent]) -> Bool {
        switch event.type {
        case SelectionRequest:
            let r = event.xselectionrequest
            guard r.owner == owner else { return false }
            request(r, &out)
            XFlush(display)
            return true
        case SelectionClear:
            let c = event.xselectionclear
            guard c.window == owner, c.selection == clipboardAtom else { return false }
            if offer != nil {
                offer = nil
                formats.removeAll()
                dropPending()
                out.append(.clipboardLost)
            }
            return true
        case PropertyNotify:
            let p = event.xproperty
            let key = TransferKey(window: p.window, property: p.atom)
            guard transfers[key] != nil else { return false }
            if p.state == PropertyDelete { continueTransfer(key) }
            XFlush(display)
            return true
        case DestroyNotify:
            let w = event.xdestroywindow.window
            let gone = transfers.keys.filter { $0.window == w }
            guard !gone.isEmpty else { return false }
            for k in gone { transfers[k] = nil }
            return true
        default:
            return false
        }
    }

    /// One conversion request.
    private func request(_ r: XSelectionRequestEvent, _ out: inout [HostEvent]) {
        // Obsolete clients give no property: the target names it (ICCCM 2.2).
        let reply = Reply(requestor: r.requestor, selection: r.selection, target: r.target,
                          property: r.property != 0 ? r.property : r.target, time: r.time)
        guard r.selection == clipboardAtom, offer != nil,
              r.time == 0 || r.time &- ownedSince < (1 << 31) else {   // a request from before we owned it: refused
            notify(reply, success: false)
            return
        }
        if r.target == multipleAtom {
            notify(reply, success: convertMultiple(reply))
            return
        }
        if let f = formats[r.target], f.bytes == nil {
            let id = nextRequestID
            nextRequestID += 1
            waiting[id] = reply
            out.append(.clipboardRequest(ClipboardRequest(id: id, mimeType: f.mimeType)))
            return
        }
        notify(reply, success: convert(target: r.target, to: r.requestor, property: reply.property))
    }

    /// Writes `target`'s data (TARGETS, TIMESTAMP or an offered format with bytes) into `property`; false when
    /// the target is not offered (or is deferred).
    private func convert(target: Atom, to requestor: Window, property: Atom) -> Bool {
        if target == targetsAtom {
            var atoms: [UInt] = [targetsAtom, timestampAtom, multipleAtom].map(UInt.init)
            for f in offer?.formats ?? [] {
                if f.mimeType == ClipboardOffer.plainText { atoms.append(UInt(utf8StringAtom)) }
                atoms.append(UInt(XInternAtom(display, f.mimeType, 0)))
            }
            return writeLongs(atoms, type: XA_ATOM, to: requestor, property: property)
        }
        if target == timestampAtom {
            return writeLongs([UInt(ownedSince)], type: XA_INTEGER, to: requestor, property: property)
        }
        guard let bytes = formats[target]?.bytes else { return false }
        return write(bytes, type: target, to: requestor, property: property)
    }

    /// MULTIPLE: the requestor's property holds (target, property) pairs; each is converted, and a pair that could
    /// not be (unknown or deferred target) has its target replaced by None in the list written back.
    private func convertMultiple(_ reply: Reply) -> Bool {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = X11ErrorHandlers.tolerating(display) {
            XGetWindowProperty(display, reply.requestor, reply.property, 0, 1024, 0, atomPairAtom,
                               &type, &format, &count, &after, &data)
        }
        guard status == Success, let data else { return false }
        defer { XFree(data) }
        guard format == 32, count % 2 == 0 else { return false }
        let longs = UnsafeRawPointer(data).assumingMemoryBound(to: UInt.self)
        var pairs = (0..<Int(count)).map { longs[$0] }
        for i in stride(from: 0, to: pairs.count, by: 2) {
            let target = Atom(pairs[i]), property = Atom(pairs[i + 1])
            if target == multipleAtom || property == 0 || !convert(target: target, to: reply.requestor, property: property) {
                pairs[i] = 0
            }
        }
        return writeLongs(pairs, type: atomPairAtom, to: reply.requestor, property: reply.property)
    }

    /// Sends SelectionNotify: the property on success, None when refused.
    private func notify(_ reply: Reply, success: Bool) {
        var s = XSelectionEvent()
        s.type = SelectionNotify
        s.display = display
        s.requestor = reply.requestor
        s.selection = reply.selection
        s.target = reply.target
        s.property = success ? reply.property : 0
        s.time = reply.time
        var event = XEvent()
        event.xselection = s
        X11ErrorHandlers.tolerating(display) { _ = XSendEvent(display, reply.requestor, 0, 0, &event) }
    }

    private func writeLongs(_ values: [UInt], type: Atom, to requestor: Window, property: Atom) -> Bool {
        X11ErrorHandlers.tolerating(display) {
            values.withUnsafeBytes { p in
                _ = XChangeProperty(display, requestor, property, type, 32, PropModeReplace,
                                    p.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(values.count))
            }
        }
        return true
    }
}
