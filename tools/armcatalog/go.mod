module armhub.local/tools/armcatalog

go 1.24

require github.com/ulikunitz/xz v0.5.17
