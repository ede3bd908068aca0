import CXi
import Host
import XCTest
@testable import X11Host

/// XInput 2.4 touchpad pinches (`XI_GesturePinchBegin/Update/End`), decoded from synthetic event data: Xvfb sends no
/// gestures, so this is the only place the decoding runs under test (the app's tests send the `HostEvent.pinch` it
/// turns into).
final class PinchDecodingTests: XCTestCase {
    private func decode(_ evtype: Int32, scale: Double, x: Double = 300, y: Double = 200, flags: Int32 = 0,
                        controlDown: Bool = false) -> XInput2Pointer.Input? {
        var e = XIGesturePinchEvent()
        e.evtype = evtype
        e.time = 123_456
        e.event_x = x; e.event_y = y
        e.scale = scale
        e.flags = flags
        e.mods.effective = controlDown ? Int32(ControlMask) : 0
        return withUnsafeBytes(of: &e) { XInput2Pointer.pinch(evtype: evtype, data: $0.baseAddress!) }
    }

    func testPhasesScaleAndPosition() throws {
        guard case let .pinch(phase, scale, x, y, state, time)? = decode(XI_GesturePinchUpdate, scale: 1.6, controlDown: true)
        else { return XCTFail("an update is a pinch") }
        XCTAssertEqual(phase, .changed)
        XCTAssertEqual(scale, 1.6)
        XCTAssertEqual(x, 300); XCTAssertEqual(y, 200)
        XCTAssertEqual(time, 123_456)
        XCTAssertTrue(Modifiers(x11State: state).contains(.control))
        guard case .pinch(.began, 1, _, _, _, _)? = decode(XI_GesturePinchBegin, scale: 0) else {
            return XCTFail("a begin without a measured spread is scale 1")
        }
        guard case .pinch(.ended, _, _, _, _, _)? = decode(XI_GesturePinchEnd, scale: 1.2) else { return XCTFail("end") }
        guard case .pinch(.cancelled, _, _, _, _, _)? = decode(XI_GesturePinchEnd, scale: 1.2, flags: Int32(XIGesturePinchEventCancelled))
        else { return XCTFail("a cancelled end") }
        XCTAssertNil(decode(XI_Motion, scale: 1), "not a pinch")
        XCTAssertEqual(XInput2Pointer.pinchEventTypes, [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd])
    }
}
