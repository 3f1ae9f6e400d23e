# Committed by someone for local testing: this silently beats the pipeline's TF_VAR_app_version.
app_version = "1.0.0"
