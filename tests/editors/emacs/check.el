;;; check.el --- drive `vercors-py lsp' through Emacs' eglot or lsp-mode  -*- lexical-binding: t -*-
;;
;; Run by tests/editors/test_emacs.py as  emacs --batch -l check.el  with:
;;   VERCORS_CHECK_CLIENT   eglot or lsp-mode
;;   VERCORS_CHECK_SETUP    an Emacs Lisp file to load first: the snippet of docs/editor.md
;;                          for that client (it defines the modes and the server command)
;;   VERCORS_CHECK_FILE     the file to open (a copy of a failing kernel: .pvl, .cu or .cl)
;;   VERCORS_CHECK_FIXED    a file whose text fixes it
;;   VERCORS_CHECK_CODE     the diagnostic code expected first (e.g. perm.read)
;;   VERCORS_CHECK_TIMEOUT  seconds to wait for each step (default 60)
;;   VERCORS_CHECK_SCENARIO "fix" (default) or "never"
;; "fix": open the file, wait for a flymake diagnostic with the expected code (and, with
;; lsp-mode, for the code lenses), replace the text with the fixed one, save (didSave:
;; the server verifies again), wait until the diagnostics clear.
;; "never" (the setup sets verifyOn to "never"): open the file, wait for its fast checks,
;; save it, and ask the server how many verifications it is running
;; (vercorsPy.stopVerification): none, and no publication so far has the code (with
;; lsp-mode, a lens says "not verified"); then the verify command reports the code.
;; Both then shut the server down and exit 0; on failure the script prints what it saw
;; and exits 1.  Milestones go to standard output, one a line.
;;
;; Batch Emacs runs no commands and is never idle, and both clients start (eglot-ensure:
;; post-command-hook; lsp-deferred: an idle timer) and send changes (eglot) from there:
;; the script runs post-command-hook once after opening the file, and the waiting loop
;; runs the one-shot idle timers as an idle Emacs would.

(require 'package)
(package-initialize)            ; Debian's elpa-* packages live in package-directory-list
(require 'seq)

(defvar vercors-client (intern (or (getenv "VERCORS_CHECK_CLIENT") "eglot")))
(defvar vercors-timeout (string-to-number (or (getenv "VERCORS_CHECK_TIMEOUT") "60")))
(defvar vercors-publishes nil
  "Every textDocument/publishDiagnostics received, newest first: (VERSION . CODES).")

(defun vercors-say (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n")))

(defun vercors-wait (pred)
  "Run timers and process output until PRED is non-nil or the timeout passes."
  (let ((deadline (+ (float-time) vercors-timeout)) (result nil))
    (while (and (not (setq result (funcall pred))) (< (float-time) deadline))
      (dolist (timer (copy-sequence timer-idle-list))
        (unless (timer--repeat-delay timer) (timer-event-handler timer)))
      (accept-process-output nil 0.05))
    result))

;;; The two clients

(defun vercors-record-eglot (_server method &rest params)
  (when (eq method 'textDocument/publishDiagnostics)
    (push (cons (plist-get params :version)
                (mapcar (lambda (d) (plist-get d :code)) (plist-get params :diagnostics)))
          vercors-publishes)))

(defun vercors-record-lsp-mode (_workspace params)
  (push (cons (gethash "version" params)
              (mapcar (lambda (d) (gethash "code" d)) (gethash "diagnostics" params)))
        vercors-publishes))

(defun vercors-server ()
  (pcase vercors-client
    ('eglot (and (bound-and-true-p eglot--managed-mode) (eglot-current-server)))
    ('lsp-mode (and (bound-and-true-p lsp-mode)
                    (seq-find (lambda (w) (eq (lsp--workspace-status w) 'initialized))
                              (lsp-workspaces))))))

(defun vercors-server-name ()
  (pcase vercors-client
    ('eglot (jsonrpc-name (eglot-current-server)))
    ('lsp-mode (lsp--workspace-print (car (lsp-workspaces))))))

(defun vercors-version ()
  (pcase vercors-client
    ('eglot eglot--versioned-identifier)
    ('lsp-mode lsp--cur-version)))

(defun vercors-diagnostics ()
  "The diagnostics flymake shows, as (CODE LINE COLUMN TEXT), 1-based."
  (mapcar
   (lambda (d)
     (save-excursion
       (goto-char (flymake-diagnostic-beg d))
       (let* ((line (line-number-at-pos)) (column (current-column))
              (code
               (pcase vercors-client
                 ('eglot (plist-get (alist-get 'eglot-lsp-diag (flymake-diagnostic-data d))
                                    :code))
                 ;; lsp-mode's flymake diagnostics carry no code: find the LSP one
                 ('lsp-mode
                  (seq-some (lambda (l)
                              (let ((start (gethash "start" (gethash "range" l))))
                                (and (= (gethash "line" start) (1- line))
                                     (= (gethash "character" start) column)
                                     (gethash "code" l))))
                            (gethash (lsp--fix-path-casing buffer-file-name)
                                     (lsp-diagnostics t)))))))
         (list code line (1+ column) (flymake-diagnostic-text d)))))
   (flymake-diagnostics)))

(defun vercors-command (name)
  "Run the server's command NAME on this file; its answer as a plist."
  (pcase vercors-client
    ('eglot (jsonrpc-request (eglot-current-server) :workspace/executeCommand
                             (list :command name
                                   :arguments (vector (plist-get (eglot--TextDocumentIdentifier) :uri)))
                             :timeout vercors-timeout))
    ('lsp-mode (let* ((lsp-response-timeout vercors-timeout)
                      (answer (lsp-request "workspace/executeCommand"
                                           (list :command name :arguments (vector (lsp--buffer-uri))))))
                 (let (plist)
                   (maphash (lambda (k v) (setq plist (plist-put plist (intern (concat ":" k)) v)))
                            answer)
                   plist)))))

(defun vercors-lenses ()
  "The texts of the code lenses lsp-mode shows (eglot shows none)."
  (and (eq vercors-client 'lsp-mode)
       (delq nil (mapcar (lambda (ov) (overlay-get ov 'lsp--lens-contents))
                         (bound-and-true-p lsp-lens--overlays)))))

(defun vercors-wait-for-diagnostic (code)
  (let (hit)
    (unless (vercors-wait (lambda ()
                            (setq hit (seq-find (lambda (d) (equal (car d) code))
                                                (vercors-diagnostics)))))
      (vercors-fail (format "no diagnostic %s within the timeout" code)))
    hit))

(defun vercors-shutdown ()
  (pcase vercors-client
    ('eglot (eglot-shutdown (eglot-current-server)))
    ('lsp-mode (let ((w (car (lsp-workspaces))))
                 (lsp-workspace-shutdown w)
                 (vercors-wait (lambda () (not (process-live-p (lsp--workspace-proc w)))))))))

;;; The check

(defun vercors-fail (what)
  (vercors-say "FAILED: %s" what)
  (vercors-say "diagnostics now: %S" (ignore-errors (vercors-diagnostics)))
  (vercors-say "publications (newest first): %S" vercors-publishes)
  (vercors-say "server: %s" (if (ignore-errors (vercors-server)) (vercors-server-name) "none"))
  (when (eq vercors-client 'eglot)
    (when-let ((server (ignore-errors (eglot-current-server))))
      (with-current-buffer (jsonrpc-events-buffer server)
        (vercors-say "events (last 3000 characters):\n%s"
                     (buffer-substring-no-properties (max (point-min) (- (point-max) 3000))
                                                     (point-max))))))
  (kill-emacs 1))

(defun vercors-fix (fixed code)
  (let ((hit (vercors-wait-for-diagnostic code)))
    (vercors-say "diagnostic %s at %d:%d" (nth 0 hit) (nth 1 hit) (nth 2 hit))
    (vercors-say "message %s" (replace-regexp-in-string "\n" " | " (nth 3 hit))))
  (when (eq vercors-client 'lsp-mode)
    (unless (vercors-wait #'vercors-lenses)
      (vercors-fail "no code lenses shown"))
    (vercors-say "lenses shown"))
  ;; Fix the text; wait for the fast checks of the edited version before saving, so
  ;; that the publication awaited after the save cannot be one made before it.
  (erase-buffer)
  (insert fixed)
  (unless (vercors-wait (lambda () (equal (caar vercors-publishes) (vercors-version))))
    (vercors-fail "no diagnostics published for the edited version"))
  (vercors-say "edited version %s: %d diagnostics" (vercors-version)
               (length (cdar vercors-publishes)))
  (let ((before-save (length vercors-publishes)))
    (save-buffer)
    (vercors-say "saved")
    (unless (vercors-wait (lambda () (and (> (length vercors-publishes) before-save)
                                          (null (cdar vercors-publishes))
                                          (null (flymake-diagnostics)))))
      (vercors-fail "the diagnostics did not clear after saving")))
  (vercors-say "cleared"))

(defun vercors-never (code)
  (unless (vercors-wait (lambda () vercors-publishes))
    (vercors-fail "nothing published after opening"))
  (set-buffer-modified-p t)             ; else save-buffer saves nothing and sends nothing
  (save-buffer)
  (vercors-say "saved")
  ;; The server answers after it has handled the didOpen and the didSave before it.  A
  ;; verification started on open is running (and counted) until it publishes its result.
  (let ((stopped (plist-get (vercors-command "vercorsPy.stopVerification") :stopped))
        (seen (seq-some (lambda (p) (member code (cdr p))) vercors-publishes)))
    (unless (and (equal stopped 0) (not seen))
      (vercors-fail (format "verified although verifyOn is never: %s running, %s published"
                            stopped (if seen code "nothing")))))
  (vercors-say "no verification on open or save")
  (when (eq vercors-client 'lsp-mode)
    ;; lsp-mode asks for lenses on an idle timer and drops a request the save overtook;
    ;; a user's next pause asks again, so the wait asks again each second.
    (unless (vercors-wait (let ((asked (float-time)))
                            (lambda ()
                              (or (seq-some (lambda (s) (string-match-p "not verified" s)) (vercors-lenses))
                                  (progn (when (> (- (float-time) asked) 1.0)
                                           (setq asked (float-time))
                                           (lsp-lens-refresh t))
                                         nil)))))
      (vercors-fail (format "no lens says the file is not verified: %S" (vercors-lenses))))
    (vercors-say "lenses %s" (mapconcat #'identity (vercors-lenses) ", ")))
  (let ((answer (vercors-command "vercorsPy.verify")))
    (vercors-say "verify command: %s, %s errors" (plist-get answer :verdict) (plist-get answer :errors)))
  (let ((hit (vercors-wait-for-diagnostic code)))
    (vercors-say "verified on request: %s at %d:%d" (nth 0 hit) (nth 1 hit) (nth 2 hit))))

(defun vercors-main ()
  (let ((file (getenv "VERCORS_CHECK_FILE"))
        (fixed (with-temp-buffer (insert-file-contents (getenv "VERCORS_CHECK_FIXED"))
                                 (buffer-string)))
        (code (or (getenv "VERCORS_CHECK_CODE") "perm.read")))
    (load (getenv "VERCORS_CHECK_SETUP") nil t)
    (require vercors-client)
    (vercors-say "emacs %s, %s %s" emacs-version vercors-client
                 (package-version-join
                  (package-desc-version (cadr (assq vercors-client package-alist)))))
    (pcase vercors-client
      ('eglot (advice-add 'eglot-handle-notification :before #'vercors-record-eglot))
      ('lsp-mode
       (setq lsp-auto-guess-root t            ; no question about the project root
             lsp-enable-snippet nil
             lsp-session-file (expand-file-name "lsp-session" user-emacs-directory))
       (advice-add 'lsp--on-diagnostics :before #'vercors-record-lsp-mode)))
    (find-file file)
    (vercors-say "mode %s" major-mode)
    (run-hooks 'post-command-hook)
    (unless (vercors-wait #'vercors-server)
      (vercors-fail "the client did not connect"))
    (vercors-say "attached %s" (vercors-server-name))
    (flymake-start)           ; its deferred start waits for a command, too
    (if (equal (getenv "VERCORS_CHECK_SCENARIO") "never")
        (vercors-never code)
      (vercors-fix fixed code))
    (vercors-shutdown)
    (vercors-say "stopped")
    (vercors-say "OK")
    (kill-emacs 0)))

(condition-case err
    (vercors-main)
  (error (vercors-fail (format "error: %S" err))))
