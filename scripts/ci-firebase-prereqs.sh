#!/usr/bin/env bash
# Makes sure the machine can run `npm run test:firebase`: Google's Cloud Firestore emulator (a
# google-cloud-cli component) and a Java runtime for it. Installs from Debian/Google apt repositories
# only what is missing; does nothing when both are present. The Auth emulator comes from the
# firebase-tools devDependency (npm install).
set -euo pipefail

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

apt_updated=0
apt_install() {
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "ci-firebase-prereqs: apt-get is not available; install $* by hand." >&2
    exit 1
  fi
  if [ "$apt_updated" -eq 0 ]; then
    as_root apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@"
}

firestore_emulator_present() {
  command -v gcloud >/dev/null 2>&1 || return 1
  local root
  root="$(gcloud info --format='value(installation.sdk_root)' 2>/dev/null || true)"
  [ -n "$root" ] && [ -x "$root/platform/cloud-firestore-emulator/cloud_firestore_emulator" ]
}

if command -v java >/dev/null 2>&1 && java -version >/dev/null 2>&1; then
  echo "ci-firebase-prereqs: java present ($(java -version 2>&1 | head -n 1))"
else
  echo "ci-firebase-prereqs: installing a Java runtime for the Firestore emulator"
  apt_install default-jre-headless
fi

if firestore_emulator_present; then
  echo "ci-firebase-prereqs: gcloud's Cloud Firestore emulator present"
else
  echo "ci-firebase-prereqs: installing google-cloud-cli's Cloud Firestore emulator"
  apt_install google-cloud-cli-firestore-emulator || {
    echo "ci-firebase-prereqs: could not install google-cloud-cli-firestore-emulator. It comes from Google's" >&2
    echo "apt repository (https://cloud.google.com/sdk/docs/install#deb); add that repository first." >&2
    exit 1
  }
  firestore_emulator_present || {
    echo "ci-firebase-prereqs: the Firestore emulator is still missing after the install." >&2
    exit 1
  }
fi
