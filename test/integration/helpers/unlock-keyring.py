# Unlocks a gnome-keyring collection without a prompt, for the locked-keychain test: gnome-keyring's
# own master-password interface takes the password as a Secret over a "plain" session, and the
# session belongs to the D-Bus connection that opened it, so both calls must come from one client.
# Usage: printf %s PASSWORD | python3 unlock-keyring.py /org/freedesktop/secrets/collection/login
import sys

import dbus

bus = dbus.SessionBus()
service = bus.get_object('org.freedesktop.secrets', '/org/freedesktop/secrets')
_, session = dbus.Interface(service, 'org.freedesktop.Secret.Service').OpenSession(
    'plain', dbus.String('', variant_level=1)
)
internal = dbus.Interface(service, 'org.gnome.keyring.InternalUnsupportedGuiltRiddenInterface')
internal.UnlockWithMasterPassword(
    dbus.ObjectPath(sys.argv[1]),
    dbus.Struct((session, dbus.ByteArray(b''), dbus.ByteArray(sys.stdin.buffer.read()), 'text/plain'), signature='oayays'),
)
