module armhub.local/tools/bench/benchtool

go 1.24
